// vcgraph's own definition of Graphviz's `gvprintdouble`, which prints SVG coordinates.
//
// On Linux the dynamic linker binds the Graphviz renderer plugins' calls to an executable's
// definition of a symbol before the library's, so Graphviz's numbers come here and
// GraphvizKit prints them without `snprintf`, byte for byte as the running Graphviz does, or
// hands them back to Graphviz (see `GraphvizAccelerators`). Only the executable defines it:
// the GraphvizKit library replaces no symbol for whoever links it. Elsewhere (Darwin's
// two-level namespace binds plugins to libgvc directly) nothing is defined.

#if os(Linux)
  import GraphvizKit

  @_cdecl("gvprintdouble")
  public func vcgraphPrintDouble(_ job: OpaquePointer?, _ number: Double) {
    GraphvizAccelerators.printCoordinate(job, number)
  }
#endif
