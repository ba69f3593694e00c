/// The one policy for the links vcgraph writes into its outputs (the storyboard map's
/// `xlink:href` in SVG, `URL` in DOT, `/URI` in PDF; a Markdown page's image): a link is a
/// relative path to a file vcgraph writes itself, named after a file it read inside the inputs'
/// roots. Anything else is no link: a scheme (`javascript:`, `data:`, `https:`), a
/// network-path reference (`//host/x`), an absolute path, a `.` or `..` component that could
/// leave the folder, a backslash, or a character vcgraph escapes in text
/// (`ControlCharacters`).
public enum OutputLink {
  /// `path` (components separated by `/`) as a link, percent-encoded as a URI reference
  /// (`Bob's Screens.svg` → `Bob%27s%20Screens.svg`, `a:b.svg` → `a%3Ab.svg`, so no part of
  /// it reads as a scheme); nil when `path` may not be a link.
  public static func relative(_ path: String) -> String? {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"),
      !path.unicodeScalars.contains(where: ControlCharacters.isEscaped)
    else { return nil }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    guard components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
    return WorkspacePath.uri(path)
  }

  /// The link from one storyboard's map to another's (`Login.svg`): the map a render of both
  /// into one folder writes for the storyboard file `name` was read from; nil when `name` is
  /// not a single file name.
  public static func storyboardMap(named name: String) -> String? {
    guard !name.contains("/") else { return nil }
    return relative(name + ".svg")
  }
}
