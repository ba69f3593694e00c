/// Storyboards as an input format: an input's launch state (`StoryboardMap.launchState()`),
/// references followed into the storyboards next to it and in `options.searchFolders`. The
/// commands read the whole `StoryboardDocument` (map and segues too) for a storyboard input.
public enum StoryboardHierarchyReader: HierarchyReader {
  public static let formatName = "storyboards"
  public static let extensions = ["storyboard"]

  /// Interface Builder's document type for iOS storyboards, near the start.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    let signature = Array("com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB".utf8)
    let head = bytes.prefix(1_024)
    guard head.count >= signature.count else { return false }
    return (head.startIndex...(head.endIndex - signature.count)).contains {
      head[$0..<($0 + signature.count)].elementsEqual(signature)
    }
  }

  /// The launch state; a kind declared for a custom class (`--class NAME=KIND`) replaces the
  /// kind its element gives.
  public static func read(
    bytes: [UInt8], path: String, options: ReadOptions
  ) throws(VCGraphError) -> Hierarchy {
    try StoryboardDocument.loadMap(bytes: bytes, path: path, options: options)
      .launchState(limits: options.limits).hierarchy
  }
}
