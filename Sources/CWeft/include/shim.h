#ifndef CWEFT_SHIM_H
#define CWEFT_SHIM_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <libdeflate.h>
#include <turbojpeg.h>
// mallinfo2, for the hostile suite's heap measurements (Glibc's module map leaves malloc.h out).
#include <malloc.h>

#endif
