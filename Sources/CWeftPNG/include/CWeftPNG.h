// The module's umbrella header. SwiftPM makes a header named after the target the module's one
// umbrella header, so every header in this folder is listed here. Why not an umbrella folder: a
// module cached by an earlier build did not see a header added to the folder (weft_yuv420.h gave
// "cannot find 'weft_yuv420' in scope" in incremental and sanitizer builds until the cache was
// deleted), whereas a change to this file makes every build remake the module.
#include "weft_argb.h"
#include "weft_png.h"
#include "weft_png_compare.h"
#include "weft_png_libdeflate.h"
#include "weft_png_sequence.h"
#include "weft_unpremultiply.h"
#include "weft_yuv420.h"
