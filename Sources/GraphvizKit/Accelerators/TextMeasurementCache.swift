// The text measurement cache: a textlayout plugin in front of Pango's. C-facing.

import CGraphviz
import Foundation

/// Remembers what the Pango plugin measured for each string and font, for the life of the
/// process.
///
/// Pango's text layout is 13–17% of a render's instructions, and a batch of similar
/// diagrams measures the same class names, badges and legend entries again and again. So
/// this registers a textlayout plugin of its own, preferred over Pango's, that answers
/// repeats from memory and passes everything else to Pango.
///
/// A remembered answer has no `PangoLayout` (`span->layout` is NULL). The core renderers
/// (SVG, DOT, xdot, JSON) never read it, but the cairo renderer (PNG, PDF) draws it, so the
/// cache only answers while `isActive`, which `render` sets for core targets only. It is
/// registered only on a pinned Graphviz version (``GraphvizAccelerators/pinnedVersions``) and
/// only on Linux, where Pango's plugin is found among the loaded objects; if anything it
/// needs is missing, nothing is registered and Graphviz measures as before. Only used with
/// the runtime lock held.
final class TextMeasurementCache {
  /// Everything Pango's function reads: the text, and the font's name, size, HTML flags
  /// (bold, italic, ...) and PostScript alias (which Graphviz derives from the name; its
  /// address, in libgvc's static table, stands for it).
  private struct Key: Hashable {
    var text: [UInt8]
    var fontName: [UInt8]
    var fontSize: UInt64
    var flags: UInt32
    var alias: UInt

    /// The byte arrays hashed as blocks: `Array`'s own hashing feeds one byte at a time,
    /// on every measurement Graphviz asks for.
    func hash(into hasher: inout Hasher) {
      text.withUnsafeBytes { hasher.combine(bytes: $0) }
      hasher.combine(text.count)
      fontName.withUnsafeBytes { hasher.combine(bytes: $0) }
      hasher.combine(fontSize)
      hasher.combine(flags)
      hasher.combine(alias)
    }
  }

  /// Everything Pango's function sets, except the layout.
  private struct Measurement {
    var size: pointf
    var yoffsetLayout: Double
    var yoffsetCenterline: Double
    var result: vcg_textlayout_result
  }

  /// Past this many entries the cache starts over, so long batches stay bounded.
  static let capacity = 50_000
  /// The quality of our plugin: above Pango's 10, so Graphviz selects ours.
  private static let quality: Int32 = 1_000

  /// Output types whose default device is a core renderer (Graphviz 2.42's plugin
  /// configuration), which writes text from its measured size and never draws
  /// `span->layout`, each with that renderer's name.
  private static let coreRenderers: [String: String] = [
    "svg": "svg", "svgz": "svg",
    "dot": "dot", "gv": "dot", "canon": "dot", "plain": "dot", "plain-ext": "dot",
    "xdot": "xdot", "xdot1.2": "xdot", "xdot1.4": "xdot",
    "json": "json", "json0": "json", "dot_json": "json", "xdot_json": "json",
  ]

  /// Pango's function; nil until found, and then our plugin is registered.
  private var pango: vcg_textlayout_fn?
  /// Whether Graphviz was seen calling our function after it was registered.
  private(set) var isInstalled = false
  /// Whether the current render may be answered from the cache (see `activate(for:)`).
  private(set) var isActive = false
  /// Off sends every render to Pango (a test switch).
  var isEnabled = true
  private var entries: [Key: Measurement] = [:]
  private(set) var hits = 0
  private(set) var misses = 0
  var count: Int { entries.count }
  /// Set while `install` checks that Graphviz calls us; our function then only notes it.
  private var probing = false
  private var probed = false

  /// Finds Pango's text layout function and registers ours in front of it. Called once,
  /// right after `gvContext()`, which has already loaded the Pango plugin.
  func install(_ gvc: OpaquePointer, version: String, mode: GraphvizAccelerators.Mode) {
    guard mode.allowsTextCache, GraphvizAccelerators.pinnedVersions.contains(version),
      pango == nil,
      let function = Self.findPango(),
      let program = dlopen(nil, RTLD_NOW),
      let select = dlsym(program, "gvtextlayout_select"),
      let measure = dlsym(program, "gvtextlayout")
    else { return }
    pango = function
    gvAddLibrary(gvc, Self.makeLibrary())
    // Graphviz picks its text layout engine once, in gvContext: pick again.
    _ = unsafeBitCast(select, to: (@convention(c) (OpaquePointer?) -> Int32).self)(gvc)

    let textLayout = unsafeBitCast(
      measure,
      to: (@convention(c) (
        OpaquePointer?, UnsafeMutablePointer<textspan_t>?,
        UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
      ) -> vcg_textlayout_result).self)
    probing = true
    defer { probing = false }
    withC("Times-Roman") { name in
      withC("probe") { text in
        var font = textfont_t()
        font.name = name
        font.size = 14
        withUnsafeMutablePointer(to: &font) { font in
          var span = textspan_t()
          span.str = text
          span.font = font
          _ = textLayout(gvc, &span, nil)
        }
      }
    }
    isInstalled = probed
  }

  /// Lets the cache answer while rendering `targets` if none of them draws Pango layouts.
  func activate(for targets: [RenderTarget]) {
    isActive = isEnabled && pango != nil && targets.allSatisfy(Self.ignoresLayouts)
  }

  func deactivate() {
    isActive = false
  }

  func removeAll() {
    entries.removeAll()
    hits = 0
    misses = 0
  }

  /// Whether rendering `target` never reads `span->layout`: a core device named by type
  /// alone or as `type:renderer[:core]`.
  static func ignoresLayouts(_ target: RenderTarget) -> Bool {
    guard case .device(let format) = target else { return true }
    let parts = format.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 3, let renderer = coreRenderers[String(parts[0])] else {
      return false
    }
    return (parts.count < 2 || parts[1] == renderer) && (parts.count < 3 || parts[2] == "core")
  }

  /// Our text layout: a remembered answer while active, else Pango's (remembered if active).
  fileprivate func layout(
    _ span: UnsafeMutablePointer<textspan_t>?,
    _ fontpath: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> vcg_textlayout_result {
    if probing {
      probed = true
      return vcg_textlayout_result_make(0)
    }
    guard let pango else { return vcg_textlayout_result_make(0) }
    // A font path is asked for in verbose mode only; Pango alone knows it.
    guard isActive, fontpath == nil, let span, let text = span.pointee.str,
      let font = span.pointee.font, let name = font.pointee.name
    else { return pango(span, fontpath) }

    let key = Key(
      text: Self.bytes(text), fontName: Self.bytes(name),
      fontSize: font.pointee.size.bitPattern, flags: UInt32(font.pointee.flags),
      alias: UInt(bitPattern: font.pointee.postscript_alias))
    if let cached = entries[key] {
      hits += 1
      span.pointee.size = cached.size
      span.pointee.yoffset_layout = cached.yoffsetLayout
      span.pointee.yoffset_centerline = cached.yoffsetCenterline
      span.pointee.layout = nil
      span.pointee.free_layout = nil
      return cached.result
    }
    misses += 1
    // Failures (Pango found no width) are remembered too: Graphviz then estimates the size
    // from its own font tables, the same way every time.
    let result = pango(span, nil)
    if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
    entries[key] = Measurement(
      size: span.pointee.size, yoffsetLayout: span.pointee.yoffset_layout,
      yoffsetCenterline: span.pointee.yoffset_centerline, result: result)
    return result
  }

  private static func bytes(_ string: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: string, count: strlen(string)))
  }

  /// Pango's function, found through the plugin library's public description
  /// (`gvplugin_library_t` → its textlayout API → type "textlayout" → engine).
  private static func findPango() -> vcg_textlayout_fn? {
    guard let symbol = pangoPluginLibrary() else { return nil }
    var api: UnsafeMutablePointer<gvplugin_api_t>? =
      symbol.assumingMemoryBound(to: gvplugin_library_t.self).pointee.apis
    while let current = api, var type = current.pointee.types {
      if current.pointee.api == API_textlayout {
        while let name = type.pointee.type {
          if strcmp(name, "textlayout") == 0, let engine = type.pointee.engine {
            return engine.assumingMemoryBound(to: gvtextlayout_engine_t.self).pointee.textlayout
          }
          type += 1
        }
      }
      api = current + 1
    }
    return nil
  }

  /// Our plugin library: one textlayout type. Graphviz keeps pointers into it for the life
  /// of the context, so it is never freed.
  private static func makeLibrary() -> UnsafeMutablePointer<gvplugin_library_t> {
    let engine = UnsafeMutablePointer<gvtextlayout_engine_t>.allocate(capacity: 1)
    engine.initialize(to: gvtextlayout_engine_t(textlayout: cachedTextLayout))
    let types = UnsafeMutablePointer<gvplugin_installed_t>.allocate(capacity: 2)
    types.initialize(
      to: gvplugin_installed_t(
        id: 0, type: UnsafePointer(strdup("textlayout")), quality: quality,
        engine: UnsafeMutableRawPointer(engine), features: nil))
    (types + 1).initialize(to: gvplugin_installed_t())
    let apis = UnsafeMutablePointer<gvplugin_api_t>.allocate(capacity: 2)
    apis.initialize(to: gvplugin_api_t(api: API_textlayout, types: types))
    (apis + 1).initialize(to: gvplugin_api_t())
    let library = UnsafeMutablePointer<gvplugin_library_t>.allocate(capacity: 1)
    library.initialize(to: gvplugin_library_t(packagename: strdup("vcgraph"), apis: apis))
    return library
  }
}

private func cachedTextLayout(
  _ span: UnsafeMutablePointer<textspan_t>?,
  _ fontpath: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> vcg_textlayout_result {
  GraphvizRuntime.shared.textCache.layout(span, fontpath)
}

#if DEBUG
  extension GraphvizRuntime {
    /// Test hook: whether renders may use cached text measurements (default true).
    var textCacheEnabled: Bool {
      get {
        lock.lock()
        defer { lock.unlock() }
        return textCache.isEnabled
      }
      set {
        lock.lock()
        defer { lock.unlock() }
        textCache.isEnabled = newValue
      }
    }

    /// Test hook: whether our text layout is in place, and the cache's counters.
    func textCacheStatistics() -> (installed: Bool, hits: Int, misses: Int, entries: Int) {
      _ = version()  // creates the context, which installs the cache
      lock.lock()
      defer { lock.unlock() }
      return (textCache.isInstalled, textCache.hits, textCache.misses, textCache.count)
    }

    /// Test hook: forgets every measurement and zeroes the counters.
    func clearTextCache() {
      lock.lock()
      defer { lock.unlock() }
      textCache.removeAll()
    }
  }
#endif

/// The public description of Pango's plugin library (`gvplugin_pango_LTX_library`), which
/// `gvContext` has already loaded: found by the dynamic linker from the loaded file's path in
/// `/proc/self/maps` (`dlopen` with `RTLD_NOLOAD` matches the file, never loads it again), so
/// no library file name is assumed. Linux only; elsewhere nil.
private func pangoPluginLibrary() -> UnsafeMutableRawPointer? {
  #if os(Linux)
    // Read to the end: /proc reports no size, and a one-read load would stop at a page.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
    defer { try? file.close() }
    let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    var seen: Set<Substring> = []
    for line in maps.split(separator: "\n") {
      guard let slash = line.firstIndex(of: "/") else { continue }
      let path = line[slash...]
      guard path.split(separator: "/").last?.hasPrefix("libgvplugin_pango") == true,
        seen.insert(path).inserted,
        let handle = dlopen(String(path), RTLD_NOW | RTLD_NOLOAD)
      else { continue }
      // The plugin stays loaded for the life of the context; the handle is not closed.
      if let library = dlsym(handle, "gvplugin_pango_LTX_library") { return library }
    }
    return nil
  #else
    return nil
  #endif
}
