// CWeft is a C target only so that its include folder, which links to pango's headers, is on the
// header search path of every module that imports it; it has no code of its own.
#include "shim.h"
