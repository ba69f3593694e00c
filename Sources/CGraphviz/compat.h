// One Graphviz API for Swift across the versions vcgraph builds against: Debian and Ubuntu's
// 2.42 and current releases (14.x, Homebrew). Everything here is keyed on the version macros
// of graphviz_version.h; 2.42's header predates GRAPHVIZ_VERSION_MAJOR, so its absence means
// the 2.x API. Swift code calls these names only and never depends on which version it is.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <graphviz/gvc.h>
#include <graphviz/gvplugin_textlayout.h>
#if __has_include(<graphviz/graphviz_version.h>)
#include <graphviz/graphviz_version.h>
#endif

#ifdef GRAPHVIZ_VERSION_MAJOR
#define VCG_GRAPHVIZ_MAJOR GRAPHVIZ_VERSION_MAJOR
#else
#define VCG_GRAPHVIZ_MAJOR 2
#endif

/// The major version of the Graphviz headers this was compiled against.
static const int vcg_graphviz_header_major = VCG_GRAPHVIZ_MAJOR;

// Object kinds: macros up to 10, an anonymous enum since 11.
static const int VCG_AGRAPH = AGRAPH;
static const int VCG_AGNODE = AGNODE;
static const int VCG_AGEDGE = AGEDGE;
static const int VCG_AGWARN = AGWARN;
static const int VCG_AGERR = AGERR;

/// Fills a cgraph discipline (`Agdisc_t.mem` went away in 9).
static inline void vcg_disc_init(Agdisc_t *disc, Agiddisc_t *id, Agiodisc_t *io) {
#if VCG_GRAPHVIZ_MAJOR < 9
  disc->mem = NULL; // the default memory discipline
#endif
  disc->id = id;
  disc->io = io;
}

#if VCG_GRAPHVIZ_MAJOR < 13
// Like cgraph's default: callers may not choose IDs (`Agiddisc_t.alloc` went away in 13).
static inline long vcg_iddisc_alloc(void *state, int objtype, IDTYPE id) {
  (void)state; (void)objtype; (void)id;
  return 0;
}
#endif

/// Fills an ID discipline.
static inline void vcg_iddisc_init(
    Agiddisc_t *disc, void *(*open)(Agraph_t *, Agdisc_t *),
    long (*map)(void *, int, char *, IDTYPE *, int), void (*free_)(void *, int, IDTYPE),
    char *(*print)(void *, int, IDTYPE), void (*close)(void *),
    void (*idregister)(void *, int, void *)) {
  disc->open = open;
  disc->map = map;
#if VCG_GRAPHVIZ_MAJOR < 13
  disc->alloc = vcg_iddisc_alloc;
#endif
  disc->free = free_;
  disc->print = print;
  disc->close = close;
  disc->idregister = idregister;
}

/// Drops one reference to an HTML string from `agstrdup_html` (13 added `is_html`).
static inline int vcg_agstrfree_html(Agraph_t *g, char *s) {
#if VCG_GRAPHVIZ_MAJOR >= 13
  return agstrfree(g, s, true);
#else
  return agstrfree(g, s);
#endif
}

/// `gvRenderData` with a `size_t` length (an `unsigned int` before 13).
static inline int vcg_render_data(GVC_t *gvc, graph_t *g, const char *format, char **result,
                                  size_t *length) {
#if VCG_GRAPHVIZ_MAJOR >= 13
  return gvRenderData(gvc, g, format, result, length);
#else
  unsigned int shorter = 0;
  int status = gvRenderData(gvc, g, format, result, &shorter);
  *length = shorter;
  return status;
#endif
}

/// Renders into memory. From Graphviz 14 on (the one measured beside 2.42) through a stdio
/// stream (`open_memstream`, POSIX 2008) with `gvRender`, the call `dot -o` makes: the same
/// writes in the same order, so the same bytes. 14's `gvRenderData` grows its buffer to the
/// exact size on every write (`gvwrite_no_z`: `output_data_allocated = output_data_position +
/// len + 1`, then `realloc`): about 630,000 `realloc` calls and 7% of the instructions of 40
/// batch renders. 2.42's grows geometrically, and there the stream's `fwrite` per write costs
/// more than it (+49 M instructions on the same 40 renders), so earlier versions keep
/// `gvRenderData`. `*stream_used` says which way it went: true, free `*result` with `free`;
/// false (an earlier version, or no stream could be opened), the result is `gvRenderData`'s,
/// freed with `gvFreeRenderData`.
static inline int vcg_render_memory(GVC_t *gvc, graph_t *g, const char *format, char **result,
                                    size_t *length, bool *stream_used) {
  *result = NULL;
  *length = 0;
  FILE *stream = VCG_GRAPHVIZ_MAJOR >= 14 ? open_memstream(result, length) : NULL;
  if (stream == NULL) {
    *stream_used = false;
    return vcg_render_data(gvc, g, format, result, length);
  }
  *stream_used = true;
  int status = gvRender(gvc, g, format, stream);
  if (fclose(stream) != 0 && status == 0) {
    status = -1;
  }
  return status;
}

/// Call before `gvFreeLayout`. dot grows a rank's node array for each flat edge label
/// (`make_vn_slot` in lib/dotgen/flat.c) with `realloc`; up to at least 2.43 it left the rank's
/// `av`, the block `dot_cleanup` frees, at the old address, so `gvFreeLayout` freed it a second
/// time and corrupted the heap of a process that went on to lay out another graph. Later
/// releases keep `av == v` on the root graph (14's `make_vn_slot` asserts it and assigns both),
/// so pointing `av` back at `v` is what fixed versions do and changes nothing on them. Other
/// layout engines leave `GD_rank` empty.
static inline void vcg_repair_dot_ranks(Agraph_t *g) {
  Agraphinfo_t *info = g == NULL ? NULL : (Agraphinfo_t *)aggetrec(g, "Agraphinfo_t", 0);
  if (info == NULL || info->rank == NULL) {
    return;
  }
  for (int r = info->minrank; r <= info->maxrank; r++) {
    info->rank[r].av = info->rank[r].v;
  }
}

/// The width in points that Graphviz's SVG renderer writes as `<svg width="Npt"` for a graph
/// `gvLayout` laid out, from its bounding box, without rendering: the box, plus the `pad` on
/// each side (`pad` in inches, else the SVG device's 4 points), rounded half away from zero;
/// what `init_job_viewport` and `init_job_pagination` compute for a device of 72 dpi with no
/// margin or page size, in 2.42 and 14. -1 when the graph sets anything else those steps
/// read (`size`, `ratio=fill` needs `size`, `viewport`, `rotate`, `landscape`, `orientation`,
/// `dpi`, `resolution`, `margin`, `page`) or the box is empty (then `init_bb` makes one):
/// the caller then renders to learn the width. `GraphvizKitTests` compares it with the SVG's
/// width on every sample, and the benchmark notes with every batch file on both versions.
static inline int vcg_svg_width(Agraph_t *g) {
  Agraphinfo_t *info = g == NULL ? NULL : (Agraphinfo_t *)aggetrec(g, "Agraphinfo_t", 0);
  if (info == NULL || info->drawing == NULL) {
    return -1;
  }
  static const char *const unread[] = {"size", "viewport", "rotate", "landscape", "orientation",
                                       "dpi", "resolution", "margin", "page"};
  for (size_t i = 0; i < sizeof unread / sizeof unread[0]; i++) {
    char *value = agget(g, (char *)unread[i]);
    if (value != NULL && value[0] != '\0') {
      return -1;
    }
  }
  boxf box = info->bb;
  if (box.LL.x == box.UR.x && box.LL.y == box.UR.y) {
    return -1;
  }
  double pad = 4;
  double x = 0, y = 0;
  char *written = agget(g, (char *)"pad");
  if (written != NULL && sscanf(written, "%lf,%lf", &x, &y) > 0) {
    pad = x * 72;
  }
  double width = box.UR.x - box.LL.x + 2 * pad;
  if (width < 0 || width > 2147483647.0) {
    return -1;
  }
  return (int)(width + 0.5);
}

/// What a text layout engine returns: `bool` since 3.0, Graphviz's own `boolean` before.
#if VCG_GRAPHVIZ_MAJOR >= 3
typedef bool vcg_textlayout_result;
#else
typedef boolean vcg_textlayout_result;
#endif

/// A text layout engine's entry point, `textlayout(span, fontpath)`.
typedef vcg_textlayout_result (*vcg_textlayout_fn)(textspan_t *span, char **fontpath);

static inline vcg_textlayout_result vcg_textlayout_result_make(int value) { return value != 0; }

/// Graphviz's writer for a render job: exported by libgvc in every version (the renderer
/// plugins call it), declared in a header that is not installed.
extern size_t gvwrite(GVJ_t *job, const char *s, size_t len);
