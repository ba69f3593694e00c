import Foundation
import GraphvizKit

// Reading graphs for ``StableLayout``: what one state's graph holds, by keys that survive from
// state to state, and the geometry Graphviz's `json0` output gives back.

extension StableLayout {
  /// A box in points, Graphviz's orientation (y up).
  struct Box: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
      self.minX = minX
      self.minY = minY
      self.maxX = maxX
      self.maxY = maxY
    }

    /// A box around a center, `width` and `height` in points.
    init(centerX: Double, centerY: Double, width: Double, height: Double) {
      self.init(
        minX: centerX - width / 2, minY: centerY - height / 2, maxX: centerX + width / 2,
        maxY: centerY + height / 2)
    }

    /// `x1,y1,x2,y2` as Graphviz writes `bb`.
    init?(bb text: String) {
      let numbers = text.split(separator: ",").compactMap { Double($0) }
      guard numbers.count == 4 else { return nil }
      self.init(minX: numbers[0], minY: numbers[1], maxX: numbers[2], maxY: numbers[3])
    }

    func union(_ other: Box) -> Box {
      Box(
        minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
        maxY: max(maxY, other.maxY))
    }

    var bb: String { [minX, minY, maxX, maxY].map(StableLayout.number).joined(separator: ",") }
  }

  /// What identifies an edge from state to state: its ends' keys, its kind (the `id`
  /// attribute's first word: `contains`, `presents`, ...) and which of several alike it is.
  struct EdgeKey: Hashable {
    var tail: String
    var head: String
    var kind: String
    var occurrence: Int
  }

  /// One state's graph, read: every node by key with its full attributes (the node defaults
  /// in effect where it is first listed, then its own) and the clusters around it; every
  /// cluster by key; every edge by key, in the order the graph lists them.
  struct StateGraph {
    struct NodeEntry {
      var name: String
      var key: String
      var attributes: Attributes
      /// The keys of the clusters around it, outermost first.
      var clusters: [String]
    }
    struct ClusterEntry {
      var name: String
      var key: String
      var path: [String]
      var graph: Graph
    }
    struct GroupEntry {
      var path: [String]
      var attributes: Attributes
      /// Nodes listed in it and the ends of the edges listed in it (Graphviz counts both).
      var members: [String]
      /// What identifies it from state to state: where it is and what it holds.
      var signature: String { path.joined(separator: "/") + "|" + members.joined(separator: ",") }
    }
    /// Where an edge is listed: the root, a cluster (by key) or a group (by signature). An
    /// edge listed in a subgraph makes its ends members of it, so the union lists it there too.
    enum Container: Hashable {
      case root
      case cluster(String)
      case group(String)
    }
    struct EdgeEntry {
      var key: EdgeKey
      var edge: Edge
      var container: Container
    }

    var nodes: [NodeEntry] = []
    var nodeKeys: [String: String] = [:]
    private var usedKeys = Set<String>()
    var clusters: [ClusterEntry] = []
    var clusterKeys: [String: String] = [:]
    var groups: [GroupEntry] = []
    var edges: [EdgeEntry] = []

    /// A node's key: its `id` attribute (`vc-feed`), else its name. A cluster's likewise.
    init(_ graph: Graph) {
      collectNodes(graph, path: [], defaults: Attributes())
      var seen: [EdgeKey: Int] = [:]
      collectEdges(graph, path: [], container: .root, defaults: Attributes(), seen: &seen)
    }

    private func key(ofNode name: String) -> String { nodeKeys[name] ?? name }

    private mutating func collectNodes(_ graph: Graph, path: [String], defaults: Attributes) {
      let defaults = defaults.merging(graph.nodeDefaults)
      for node in graph.nodes where nodeKeys[node.name] == nil {
        // Two nodes with one id (a controller written twice) are two nodes: the second is
        // `id#2`, and so on, in the order the graph lists them.
        var key = node.attributes.id ?? node.name
        if usedKeys.contains(key) {
          var number = 2
          while usedKeys.contains("\(key)#\(number)") { number += 1 }
          key = "\(key)#\(number)"
        }
        usedKeys.insert(key)
        nodeKeys[node.name] = key
        nodes.append(
          NodeEntry(
            name: node.name, key: key, attributes: defaults.merging(node.attributes),
            clusters: path))
      }
      for subgraph in graph.subgraphs {
        var inner = path
        if subgraph.isCluster {
          let key = subgraph.attributes.id ?? subgraph.name
          clusterKeys[subgraph.name] = key
          clusters.append(ClusterEntry(name: subgraph.name, key: key, path: path, graph: subgraph))
          inner.append(key)
        }
        collectNodes(subgraph, path: inner, defaults: defaults)
      }
    }

    private mutating func collectEdges(
      _ graph: Graph, path: [String], container: Container, defaults: Attributes,
      seen: inout [EdgeKey: Int]
    ) {
      let defaults = defaults.merging(graph.edgeDefaults)
      for edge in graph.edges {
        var key = EdgeKey(
          tail: key(ofNode: edge.tail), head: key(ofNode: edge.head),
          kind: edge.attributes.id.map { String($0.prefix { $0 != "-" }) } ?? "", occurrence: 0)
        key.occurrence = seen[key, default: 0]
        seen[key] = key.occurrence + 1
        var full = edge
        full.attributes = defaults.merging(edge.attributes)
        edges.append(EdgeEntry(key: key, edge: full, container: container))
      }
      for subgraph in graph.subgraphs {
        if subgraph.isCluster {
          let key = clusterKeys[subgraph.name]!
          collectEdges(
            subgraph, path: path + [key], container: .cluster(key), defaults: defaults,
            seen: &seen)
        } else {
          // A subgraph that is no cluster groups nodes (`rank=same`): kept as a group.
          var members: [String] = []
          for name in subgraph.nodes.map(\.name)
            + subgraph.edges.flatMap({ [$0.tail, $0.head] })
          where !members.contains(key(ofNode: name)) {
            members.append(key(ofNode: name))
          }
          let group = GroupEntry(path: path, attributes: subgraph.attributes, members: members)
          groups.append(group)
          collectEdges(
            subgraph, path: path, container: .group(group.signature), defaults: defaults,
            seen: &seen)
        }
      }
    }
  }

  /// The positions Graphviz gave a laid-out graph (`json0`), by node, cluster and edge name.
  struct Geometry {
    struct NodeGeometry {
      var x: Double, y: Double
      /// In inches, as Graphviz writes them.
      var width: Double, height: Double
      var box: Box { Box(centerX: x, centerY: y, width: width * 72, height: height * 72) }
    }
    struct ClusterGeometry {
      var bb: Box
      var lp: String?
    }
    struct EdgeGeometry {
      var tail: String, head: String, id: String?
      var attributes: [String: String]
    }

    var bb: Box?
    /// The graph label's size in inches.
    var labelWidth = 0.0, labelHeight = 0.0
    var nodes: [String: NodeGeometry] = [:]
    var clusters: [String: ClusterGeometry] = [:]
    var edges: [EdgeGeometry] = []

    /// Reads Graphviz's `json0` output.
    init(json bytes: [UInt8]) throws(StableLayoutError) {
      guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
        let root = object as? [String: Any]
      else { throw StableLayoutError.unreadableLayout }
      func string(_ value: Any?) -> String? { value as? String }
      func double(_ value: Any?) -> Double? { string(value).flatMap(Double.init) }
      bb = string(root["bb"]).flatMap { Box(bb: $0) }
      labelWidth = double(root["lwidth"]) ?? 0
      labelHeight = double(root["lheight"]) ?? 0
      var names: [Int: String] = [:]
      for case let item as [String: Any] in root["objects"] as? [Any] ?? [] {
        guard let name = string(item["name"]), let id = item["_gvid"] as? Int else { continue }
        names[id] = name
        if let pos = string(item["pos"]) {
          let xy = pos.split(separator: ",").compactMap { Double($0) }
          guard xy.count >= 2 else { continue }
          nodes[name] = NodeGeometry(
            x: xy[0], y: xy[1], width: double(item["width"]) ?? 0,
            height: double(item["height"]) ?? 0)
        } else if let bb = string(item["bb"]).flatMap({ Box(bb: $0) }) {
          clusters[name] = ClusterGeometry(bb: bb, lp: string(item["lp"]))
        }
      }
      for case let item as [String: Any] in root["edges"] as? [Any] ?? [] {
        guard let tail = (item["tail"] as? Int).flatMap({ names[$0] }),
          let head = (item["head"] as? Int).flatMap({ names[$0] })
        else { continue }
        var attributes: [String: String] = [:]
        for name in ["pos", "lp", "xlp", "head_lp", "tail_lp"] {
          if let value = string(item[name]) { attributes[name] = value }
        }
        edges.append(
          EdgeGeometry(tail: tail, head: head, id: string(item["id"]), attributes: attributes))
      }
    }
  }
}

/// Why a stable layout could not be made.
public enum StableLayoutError: Error, Equatable, Sendable {
  /// Graphviz's positions could not be read back.
  case unreadableLayout
}

extension StableLayout {
  /// Builds the union of the states' graphs: every node, cluster, group and edge of any state,
  /// each where it first appears, with the attributes of its largest (nodes) or last (the
  /// rest) appearance, and every node as large as its largest appearance.
  struct UnionBuilder {
    let readings: [StateGraph]
    let states: [Graph]
    let sizes: [String: (width: Double, height: Double)]

    var nodeNames: [String: String] = [:]
    var clusterNames: [String: String] = [:]
    var edgeIDs: [EdgeKey: String] = [:]
    var homes: [String: [String]] = [:]
    var clusterPaths: [String: [String]] = [:]
    var shapes: [String: String] = [:]

    init(
      readings: [StateGraph], states: [Graph], sizes: [String: (width: Double, height: Double)]
    ) {
      self.readings = readings
      self.states = states
      self.sizes = sizes
    }

    /// How much room a label takes, roughly: its longest line in characters, then its lines
    /// (an HTML label's tags left out, a `<BR/>` a line break, an entity one character).
    static func labelSize(_ value: AttributeValue?) -> (Int, Int) {
      guard let value else { return (0, 0) }
      var lines = [0]
      var inTag = false
      var inEntity = false
      let html: Bool
      if case .html = value { html = true } else { html = false }
      var tag = ""
      for character in value.string {
        if html && inTag {
          if character == ">" {
            inTag = false
            if tag.uppercased().hasPrefix("BR") { lines.append(0) }
          } else {
            tag.append(character)
          }
          continue
        }
        if html && character == "<" {
          inTag = true
          tag = ""
        } else if html && inEntity {
          if character == ";" { inEntity = false }
        } else if character == "\n" {
          lines.append(0)
        } else {
          if html && character == "&" { inEntity = true }
          lines[lines.count - 1] += 1
        }
      }
      return (lines.max() ?? 0, lines.count)
    }

    mutating func build() -> Graph {
      var nodeOrder: [String] = []
      var nodeAttributes: [String: Attributes] = [:]
      var clusterOrder: [String] = []
      var clusterGraphs: [String: Graph] = [:]
      var groups: [StateGraph.GroupEntry] = []
      var groupSeen = Set<String>()
      var edgeOrder: [EdgeKey] = []
      var edges: [EdgeKey: (edge: Edge, container: StateGraph.Container)] = [:]
      for reading in readings {
        for cluster in reading.clusters {
          if clusterNames[cluster.key] == nil {
            clusterNames[cluster.key] = "cluster_stable_\(clusterOrder.count)"
            clusterOrder.append(cluster.key)
            clusterPaths[cluster.key] = cluster.path
          }
          clusterGraphs[cluster.key] = cluster.graph
        }
        for node in reading.nodes {
          if nodeNames[node.key] == nil {
            nodeNames[node.key] = "stable_\(nodeOrder.count)"
            nodeOrder.append(node.key)
            homes[node.key] = node.clusters
          }
          nodeAttributes[node.key] = node.attributes
          shapes[node.key] = node.attributes.shape
        }
        for group in reading.groups where !group.members.isEmpty {
          if groupSeen.insert(group.signature).inserted { groups.append(group) }
        }
        for entry in reading.edges {
          if edges[entry.key] == nil { edgeOrder.append(entry.key) }
          var edge = entry.edge
          // A compound edge names a cluster of its own state.
          for name in ["lhead", "ltail"] {
            if let cluster = edge.attributes[name]?.string,
              let key = reading.clusterKeys[cluster], let union = clusterNames[key]
            {
              edge.attributes[name] = .raw(union)
            } else {
              edge.attributes[name] = nil
            }
          }
          // Room for the longest of its labels, whichever state has it.
          if let earlier = edges[entry.key]?.edge {
            for name in ["label", "xlabel", "headlabel", "taillabel"] {
              let old = earlier.attributes[name]
              if Self.labelSize(old) > Self.labelSize(edge.attributes[name]) {
                edge.attributes[name] = old
              }
            }
          }
          edges[entry.key] = (edge, entry.container)
        }
      }
      var root = Graph(name: "stable_union")
      if let last = states.last {
        root.attributes = last.attributes
        root.nodeDefaults = last.nodeDefaults
        root.edgeDefaults = last.edgeDefaults
      }
      // The title is drawn by each state as a node of one size; the union has none.
      root.attributes["label"] = nil
      // Each edge under a union name, listed where its last state listed it.
      var edgesByContainer: [StateGraph.Container: [Edge]] = [:]
      for (number, key) in edgeOrder.enumerated() {
        guard let (edge, container) = edges[key], let tail = nodeNames[key.tail],
          let head = nodeNames[key.head]
        else { continue }
        var attributes = edge.attributes
        let id = "stable-edge-\(number)"
        attributes["id"] = .text(id)
        edgeIDs[key] = id
        edgesByContainer[container, default: []].append(Edge(tail, head, attributes: attributes))
      }
      // Clusters, nested as they first appeared; nodes in the cluster they first appeared in.
      func fill(_ graph: inout Graph, path: [String]) {
        for key in nodeOrder where homes[key] == path {
          var attributes = nodeAttributes[key] ?? Attributes()
          if let size = sizes[key] {
            attributes["width"] = .raw(StableLayout.number(size.width))
            attributes["height"] = .raw(StableLayout.number(size.height))
          }
          graph.add(Node(nodeNames[key]!, attributes: attributes))
        }
        for (number, group) in groups.enumerated() where group.path == path {
          var subgraph = Graph(name: "stable_group_\(number)")
          subgraph.attributes = group.attributes
          for member in group.members {
            if let name = nodeNames[member] { subgraph.add(Node(name)) }
          }
          for edge in edgesByContainer[.group(group.signature)] ?? [] { subgraph.add(edge) }
          graph.add(subgraph)
        }
        for key in clusterOrder where clusterPaths[key] == path {
          var cluster = Graph(name: clusterNames[key]!)
          cluster.attributes = clusterGraphs[key]?.attributes ?? Attributes()
          cluster.nodeDefaults = clusterGraphs[key]?.nodeDefaults ?? Attributes()
          cluster.edgeDefaults = clusterGraphs[key]?.edgeDefaults ?? Attributes()
          fill(&cluster, path: path + [key])
          for edge in edgesByContainer[.cluster(key)] ?? [] { cluster.add(edge) }
          graph.add(cluster)
        }
      }
      fill(&root, path: [])
      for edge in edgesByContainer[.root] ?? [] { root.add(edge) }
      return root
    }
  }
}
