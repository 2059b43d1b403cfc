// A live FcPattern, still reachable from a global when the program exits, reported as a leak.
#include <fontconfig/fontconfig.h>
#include <stdio.h>

FcPattern *kept;  // reachable until exit: nothing here is leaked

int main(void) {
    kept = FcPatternCreate();
    FcPatternAddString(kept, FC_FAMILY, (const FcChar8 *)"DejaVu Sans");
    FcCharSet *charset = FcCharSetCreate();
    FcCharSetAddChar(charset, 'a');
    FcPatternAddCharSet(kept, FC_CHARSET, charset);
    FcCharSetDestroy(charset);
    printf("pattern %p has %d element(s)\n", (void *)kept, FcPatternObjectCount(kept));
    return 0;
}
