#ifndef CWEFT_SHIM_H
#define CWEFT_SHIM_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <libdeflate.h>
#include <turbojpeg.h>

#endif
