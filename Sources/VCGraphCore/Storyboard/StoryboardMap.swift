import Foundation

/// A scene of one of a map's storyboards.
public struct SceneRef: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Index in `StoryboardMap.storyboards`.
  public var storyboard: Int
  /// Index in that storyboard's `scenes`.
  public var scene: SceneIndex

  public init(storyboard: Int, scene: SceneIndex) {
    self.storyboard = storyboard
    self.scene = scene
  }

  public static func < (lhs: SceneRef, rhs: SceneRef) -> Bool {
    (lhs.storyboard, lhs.scene) < (rhs.storyboard, rhs.scene)
  }

  public var description: String { "\(storyboard):\(scene)" }
}

/// A segue of one of a map's storyboards.
public struct SegueRef: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Index in `StoryboardMap.storyboards`.
  public var storyboard: Int
  /// Index in that storyboard's `segues`.
  public var segue: SegueIndex

  public init(storyboard: Int, segue: SegueIndex) {
    self.storyboard = storyboard
    self.segue = segue
  }

  public static func < (lhs: SegueRef, rhs: SegueRef) -> Bool {
    (lhs.storyboard, lhs.segue) < (rhs.storyboard, rhs.segue)
  }

  public var description: String { "\(storyboard):\(segue)" }
}

/// The storyboard map: one or more storyboards with their references to each other resolved.
/// Scenes and segues are addressed with `SceneRef` and `SegueRef`.
public struct StoryboardMap: Sendable, Equatable {
  /// The storyboards opened (in the order given), then those their references led to, in the
  /// order they were found.
  public internal(set) var storyboards: [Storyboard]
  /// How many of `storyboards` were opened directly (the rest were found through references).
  public internal(set) var openedCount: Int
  /// For each resolved placeholder, the scene it stands for.
  public internal(set) var referenceTargets: [SceneRef: SceneRef] = [:]
  /// For each placeholder left unresolved, why (shown as a note; never an error).
  public internal(set) var unresolvedReferences: [SceneRef: String] = [:]

  public init(storyboards: [Storyboard], openedCount: Int) {
    self.storyboards = storyboards
    self.openedCount = openedCount
  }

  /// A scene of one of the storyboards.
  public subscript(scene: SceneRef) -> StoryboardScene {
    storyboards[scene.storyboard].scenes[scene.scene]
  }

  /// A segue of one of the storyboards.
  public subscript(segue: SegueRef) -> StoryboardSegue {
    storyboards[segue.storyboard].segues[segue.segue]
  }

  /// Every scene, storyboard by storyboard in document order.
  public var allScenes: [SceneRef] {
    storyboards.indices.flatMap { board in
      storyboards[board].scenes.indices.map { SceneRef(storyboard: board, scene: $0) }
    }
  }

  /// Every segue, storyboard by storyboard in document order.
  public var allSegues: [SegueRef] {
    storyboards.indices.flatMap { board in
      storyboards[board].segues.indices.map { SegueRef(storyboard: board, segue: $0) }
    }
  }

  /// The initial scene of a storyboard, if it names one.
  public func initialScene(of storyboard: Int = 0) -> SceneRef? {
    storyboards[storyboard].initialScene.map { SceneRef(storyboard: storyboard, scene: $0) }
  }

  /// The segues leaving a scene, in document order.
  public func segues(from scene: SceneRef) -> [SegueRef] {
    self[scene].segues.map { SegueRef(storyboard: scene.storyboard, segue: $0) }
  }

  /// The scene a segue sits in.
  public func source(of segue: SegueRef) -> SceneRef {
    SceneRef(storyboard: segue.storyboard, scene: self[segue].source)
  }

  /// The scene a segue leads to as written (maybe a placeholder); nil for an unwind segue.
  public func destination(of segue: SegueRef) -> SceneRef? {
    self[segue].destination.map { SceneRef(storyboard: segue.storyboard, scene: $0) }
  }

  /// The scene a placeholder stands for, following references to references; the scene
  /// itself when it is not a placeholder or its reference is unresolved.
  public func resolved(_ scene: SceneRef) -> SceneRef {
    var current = scene
    var steps = 0
    while let next = referenceTargets[current], steps <= storyboards.count {
      current = next
      steps += 1
    }
    return current
  }

  /// The scene's id in a description: its `storyboardIdentifier` when no other scene of its
  /// storyboard has the same one, else its element id (`BYZ-38-t0r`).
  public func preferredID(of scene: SceneRef) -> String {
    let item = self[scene]
    if let identifier = item.storyboardIdentifier, !identifier.isEmpty,
      storyboards[scene.storyboard].sceneCount(storyboardIdentifier: identifier) == 1
    {
      return identifier
    }
    return item.elementID
  }

  /// The name a diagram draws in bold for a scene whose id is its Interface Builder element id
  /// (`BYZ-38-t0r`, which says nothing to a reader): its storyboard identifier (when not unique),
  /// else its custom class, else its title, else its UIKit class. Nil when the id is already a
  /// name (a unique storyboard identifier) and for a storyboard reference.
  public func displayName(of scene: SceneRef) -> String? {
    let item = self[scene]
    guard item.reference == nil, preferredID(of: scene) == item.elementID else { return nil }
    if let identifier = item.storyboardIdentifier, !identifier.isEmpty { return identifier }
    if let title = item.title, !title.isEmpty, item.customClass == nil { return title }
    return item.className
  }

  /// "MainViewController (BYZ-38-t0r)": how messages name a scene.
  public func describe(_ scene: SceneRef) -> String {
    let item = self[scene]
    if let reference = item.reference { return "reference to \(reference.label)" }
    let id = preferredID(of: scene)
    let file = scene.storyboard == 0 ? "" : " in \(storyboards[scene.storyboard].name)"
    return id == item.className ? "'\(id)'\(file)" : "'\(id)' (\(item.className))\(file)"
  }
}

/// Loads storyboards and the storyboards their references lead to.
public struct StoryboardLoader: Sendable {
  /// Reads each file (its limits apply to every storyboard loaded).
  public var reader: StoryboardReader
  /// Folders searched for a referenced storyboard after the referencing file's own folder.
  public var searchFolders: [String]

  public init(limits: InputLimits = .default, searchFolders: [String] = []) {
    reader = StoryboardReader(limits: limits)
    self.searchFolders = searchFolders
  }

  /// Loads the storyboards at `paths` and, through their references, the storyboards of the
  /// names they reference: `Name.storyboard` in the referencing file's folder or its
  /// `Base.lproj` (for a file in an `.lproj` folder, also the folder above it), then in each
  /// of `searchFolders` (and its `Base.lproj`). A reference whose file or scene is not found
  /// stays a placeholder with a note.
  public func load(paths: [String]) throws(VCGraphError) -> StoryboardMap {
    var opened: [Storyboard] = []
    for path in paths {
      let bytes = try InputFileReading.read(path, limit: reader.limits.maxInputBytes)
      opened.append(try reader.read(bytes: bytes, path: path))
    }
    return try link(opened)
  }

  /// Loads one storyboard already read (say, from standard input) and the storyboards its
  /// references lead to.
  public func load(bytes: [UInt8], path: String) throws(VCGraphError) -> StoryboardMap {
    try link([try reader.read(bytes: bytes, path: path)])
  }

  /// Resolves references, loading referenced storyboards as they are needed.
  func link(_ opened: [Storyboard]) throws(VCGraphError) -> StoryboardMap {
    var map = StoryboardMap(storyboards: opened, openedCount: opened.count)
    var loadedPaths = opened.map { Self.key($0.path) }
    var board = 0
    while board < map.storyboards.count {
      let storyboard = map.storyboards[board]
      for (index, scene) in storyboard.scenes.enumerated() {
        guard let reference = scene.reference else { continue }
        let ref = SceneRef(storyboard: board, scene: index)
        var target = board
        if let name = reference.storyboardName, name != storyboard.name {
          guard Self.isFileName(name) else {
            map.unresolvedReferences[ref] =
              "storyboardName '\(name)' is not a file name; vcgraph reads"
              + " storyboards only in this storyboard's folder and the --storyboard-folder"
              + " folders"
            continue
          }
          guard let path = findStoryboard(named: name, from: storyboard.path) else {
            map.unresolvedReferences[ref] =
              "\(name).storyboard was not found next to \(storyboard.name).storyboard"
              + (searchFolders.isEmpty
                ? ""
                : " or in the --storyboard-folder folder\(searchFolders.count == 1 ? "" : "s")")
            continue
          }
          if let known = loadedPaths.firstIndex(of: Self.key(path)) {
            target = known
          } else {
            let bytes = try InputFileReading.read(path, limit: reader.limits.maxInputBytes)
            map.storyboards.append(try reader.read(bytes: bytes, path: path))
            loadedPaths.append(Self.key(path))
            target = map.storyboards.count - 1
          }
        }
        let other = map.storyboards[target]
        if let identifier = reference.referencedIdentifier {
          guard let scene = other.scene(storyboardIdentifier: identifier) else {
            map.unresolvedReferences[ref] =
              "\(other.name).storyboard has no scene with storyboardIdentifier '\(identifier)'"
            continue
          }
          map.referenceTargets[ref] = SceneRef(storyboard: target, scene: scene)
        } else if let initial = other.initialScene {
          map.referenceTargets[ref] = SceneRef(storyboard: target, scene: initial)
        } else {
          map.unresolvedReferences[ref] = "\(other.name).storyboard has no initial view controller"
        }
      }
      board += 1
    }
    return map
  }

  /// Whether a reference's `storyboardName` names a file in one folder (Xcode's names do):
  /// not empty, no `/` or `\\`, not `.` or `..`, no control character. Any other name
  /// (`../../x`, `/abs/x`) would read outside the folders searched, so it is left unresolved.
  static func isFileName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
      && ControlCharacters.firstRefused(in: name) == nil
  }

  /// The file of a referenced storyboard name, if one exists where Xcode would find it.
  func findStoryboard(named name: String, from path: String) -> String? {
    let folder = (path as NSString).deletingLastPathComponent
    var folders = [folder]
    if (folder as NSString).pathExtension == "lproj" {
      folders.append((folder as NSString).deletingLastPathComponent)
    }
    folders += searchFolders
    let file = "\(name).storyboard"
    for base in folders {
      for candidate in [file, "Base.lproj/\(file)"] {
        let full = base.isEmpty ? candidate : (base as NSString).appendingPathComponent(candidate)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
          !isDirectory.boolValue
        {
          return full
        }
      }
    }
    return nil
  }

  /// A path's identity for "already loaded".
  static func key(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
