# Weft: two commands do all the setup on a fresh Debian 12 machine with the Swift toolchain.
#   make run    installs what is missing, builds (release), renders the samples into out/
#   make test   installs what is missing, runs every test
#   make bench  measures frame sequences (bench feed, 1 thread and all), PNG encoding, cell display (a benchmark, not a test),
#               each beside its limit on this machine: a frame copy and fpnge for PNG (fpnge when
#               WEFT_FPNGE_SOURCE names a checkout of veluca93/fpnge: it is no Debian or PyPI package),
#               the frames rate as a ratio of threads / (a frame copy + fpnge's encode of a bench-feed
#               frame in cairo's byte order; the copy alone without fpnge), ffmpeg alone on the same raw
#               frames for mp4; then one device snapshot verified through swift-snapshot-testing in a package
#               that depends on Weft, built debug (what a plain `swift test` runs) and release
#               (scripts/bench-snapshot-testing.sh)
#   make bench-chromium  headless Chromium's fastest PNG mode and `weft frames` on the same 120-frame scroll
#               of the bench feed, interleaved round by round, with frames/s and their ratio
#               (scripts/bench-chromium: every mode with `python3 scripts/bench-chromium/bench.py modes`)
#   make sanitize  the whole suite under ThreadSanitizer, then AddressSanitizer + LeakSanitizer (C also
#                  under UBSan), then UndefinedBehaviorSanitizer (the C targets: CWeftPNG, CWeftCompare)
#   make stress the collection's multi-threaded stress test with 100,000 schedules (WEFT_STRESS_RUNS),
#               under ThreadSanitizer, then AddressSanitizer (scripts/sanitize.sh, their own folders)
#   make fuzz   each libFuzzer target in Fuzz/ for FUZZ_SECONDS: the PNG and JPEG decoders and the
#               single-pass PNG encoder with pixel oracles, text, node trees; Swift under ASan, C
#               (CWeftPNG included) under ASan + UBSan (see docs/reliability-tooling.md)
#   make docs   the DocC documentation (Sources/Weft/Weft.docc and the API reference) as an archive in
#               .build/plugins/Swift-DocC/outputs/Weft.doccarchive (swift-docc-plugin, offline)

SWIFT ?= swift
OUT ?= out
# Sanitizer and fuzz builds keep their own folders, so they never rebuild the normal debug build.
TSAN_SCRATCH ?= .build-tsan
ASAN_SCRATCH ?= .build-asan
UBSAN_SCRATCH ?= .build-ubsan
FUZZ_SCRATCH ?= .build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= FuzzPNG FuzzJPEG FuzzPNGEncoder FuzzText FuzzTree FuzzDrawing

# What the build, the pinned fonts and the tests need (chromium opens the golden report; ffmpeg writes and reads back mp4 and gif; the fuzz oracles call libpng), as (check, Debian package) pairs: a pkg-config module
# or a file that must exist.
DEPENDENCIES := \
	pkgconfig:pkg-config:pkg-config \
	module:cairo:libcairo2-dev \
	module:pangocairo:libpango1.0-dev \
	module:pangoft2:libpango1.0-dev \
	module:fontconfig:libfontconfig-dev \
	module:libdeflate:libdeflate-dev \
	module:libturbojpeg:libturbojpeg0-dev \
	module:libpng:libpng-dev \
	file:/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core \
	file:/usr/share/fonts/truetype/nanum/NanumGothic.ttf:fonts-nanum \
	file:/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf:fonts-noto-color-emoji \
	file:/usr/bin/chromium:chromium \
	file:/usr/bin/ffmpeg:ffmpeg

.PHONY: deps build run test bench bench-chromium sanitize fuzz model-test stress docs clean

deps:
	@missing=""; \
	for dep in $(DEPENDENCIES); do \
		kind=$${dep%%:*}; rest=$${dep#*:}; what=$${rest%:*}; package=$${rest##*:}; \
		case $$kind in \
			pkgconfig) command -v pkg-config >/dev/null 2>&1 || missing="$$missing $$package" ;; \
			module) command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $$what || missing="$$missing $$package" ;; \
			file) [ -f $$what ] || missing="$$missing $$package" ;; \
		esac; \
	done; \
	missing=$$(echo $$missing | tr ' ' '\n' | sort -u | tr '\n' ' '); \
	if [ -n "$$(echo $$missing | tr -d ' ')" ]; then \
		if [ "$$(id -u)" != "0" ]; then \
			echo "weft: missing Debian packages:$$missing"; \
			echo "weft: run as root, or install them: sudo apt-get install -y $$missing"; \
			exit 1; \
		fi; \
		echo "weft: installing $$missing"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	fi

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build -c release --product weft
	.build/release/weft showcase --output $(OUT)
	.build/release/weft snapshot --sample feed --width 390 --height 844 --scale 2 --offset 1200 --output $(OUT)/feed/snapshot.png
	.build/release/weft frames --sample feed --width 390 --height 844 --scale 2 --from 0 --to 4000 --count 90 --curve eased --output $(OUT)/feed/frames
	.build/release/weft frames --sample mosaic --width 390 --height 844 --scale 2 --from 0 --velocity 3000 --output $(OUT)/mosaic/frames
	.build/release/weft frames --sample mosaic-interop --width 390 --height 844 --scale 2 --from 0 --to 3000 --count 60 --curve eased --output $(OUT)/mosaic-interop/frames
	.build/release/weft snapshot --sample table --width 390 --height 844 --scale 2 --offset 1500 --output $(OUT)/table/snapshot.png
	.build/release/weft frames --sample table --width 390 --height 844 --scale 2 --from 0 --to 4000 --count 90 --curve eased --output $(OUT)/table/frames
	.build/release/weft snapshot --sample pager --width 390 --height 844 --scale 2 --item 0:1 --output $(OUT)/pager/snapshot.png
	.build/release/weft frames --sample pager --width 390 --height 844 --scale 2 --to-page 7 --count 140 --output $(OUT)/pager/frames
	.build/release/weft frames --sample livefeed --width 390 --height 844 --scale 2 --from 0 --to 5000 --count 150 --curve linear --edit 20:insert:0:3x2 --edit 70:delete:0:6 --edit 100:insert:0:0x3 --output $(OUT)/livefeed/frames

test: deps
	$(SWIFT) test

# The model-based test of batch updates, with 200,000 random sequences instead of the 10,000 of `make test`.
model-test: deps
	WEFT_MODEL_RUNS=$${WEFT_MODEL_RUNS:-200000} $(SWIFT) test --filter CollectionModelTests

# The multi-threaded stress test of the collection (edits, reloads from another thread, relayouts,
# width changes, batch fetches, cell relayouts, finish blocks from several threads at once), with
# 100,000 schedules instead of the 10,000 of `make test`, under ThreadSanitizer and then
# AddressSanitizer: both run even when one fails; a lost edit, relayout or reload, a stall or any
# sanitizer report fails the target. Each prints a line every 1,000 schedules into its log.
stress: deps
	@status=0; \
	export WEFT_STRESS_RUNS=$${WEFT_STRESS_RUNS:-100000} WEFT_STRESS_PROGRESS=1 WEFT_SANITIZE_FILTER=CollectionStressTests; \
	SWIFT=$(SWIFT) scripts/sanitize.sh thread $(TSAN_SCRATCH) || status=1; \
	SWIFT=$(SWIFT) scripts/sanitize.sh address $(ASAN_SCRATCH) || status=1; \
	exit $$status

# Everything at one thread per core (or WEFT_THREADS), then the bench feed's frames again on one thread, then
# the cost of one verified device snapshot through swift-snapshot-testing in a debug and a release build.
bench: deps
	$(SWIFT) build -c release --product weft
	$(SWIFT) run -c release weft bench
	WEFT_THREADS=1 $(SWIFT) run -c release weft bench --parts frames
	SWIFT=$(SWIFT) scripts/bench-snapshot-testing.sh debug release

# Chromium's fastest PNG modes here, all with optimizeForSpeed: Page.captureScreenshot, the same with a clip,
# and a HeadlessExperimental.beginFrame screenshot in chromium-headless-shell (the old headless mode, its own
# Debian package); each round times each of them and weft, and weft is compared with the round's fastest.
# `bench.py modes` times every mode. Chromium's figure leaves out launching the browser and loading the page
# (bench.py prints it with them too); weft's is its whole process.
CHROMIUM_MODE ?= speed clip-speed beginframe-speed
BENCH_ROUNDS ?= 5
bench-chromium: deps
	@if [ ! -x /usr/bin/chromium-headless-shell ]; then \
		if [ "$$(id -u)" != "0" ]; then echo "weft: bench-chromium needs chromium-headless-shell: sudo apt-get install -y chromium-headless-shell"; exit 1; fi; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null || exit 1; \
	fi
	$(SWIFT) build -c release --product weft
	python3 scripts/bench-chromium/bench.py compare --weft .build/release/weft --mode $(CHROMIUM_MODE) --rounds $(BENCH_ROUNDS)

# All three sanitizers run even when one fails; any report from any fails the target.
sanitize: deps
	@status=0; \
	SWIFT=$(SWIFT) scripts/sanitize.sh thread $(TSAN_SCRATCH) || status=1; \
	SWIFT=$(SWIFT) scripts/sanitize.sh address $(ASAN_SCRATCH) || status=1; \
	SWIFT=$(SWIFT) scripts/sanitize.sh undefined $(UBSAN_SCRATCH) || status=1; \
	exit $$status

fuzz: deps
	SWIFT=$(SWIFT) scripts/fuzz.sh $(FUZZ_SCRATCH) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The articles' symbol links are checked as the archive is built: docc prints a warning for each one
# that does not resolve.
docs: deps
	$(SWIFT) package generate-documentation --target Weft

clean:
	rm -rf .build $(OUT) .artifacts
