/// Storyboards as an input format: an input's launch state (`StoryboardMap.initialState()`),
/// references followed into the storyboards next to it. Not yet listed in
/// `InputFormats.readers`: adding it there is part of the command line's storyboard support.
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
    let map = try StoryboardLoader(limits: options.limits).load(bytes: bytes, path: path)
    var hierarchy = try map.initialState(limits: options.limits).hierarchy
    for index in hierarchy.controllers.indices {
      if let kind = options.declaredKinds[hierarchy.controllers[index].className] {
        hierarchy.controllers[index].kind = kind
      }
    }
    return hierarchy
  }
}
