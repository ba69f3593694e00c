// The cgraph disciplines vcgraph passes to every graph: IDs in creation order, and I/O into
// and out of memory.

import CGraphviz

// MARK: - ID discipline

/// IDs for one root graph and its subgraphs, assigned in creation order.
///
/// cgraph keeps subgraphs ordered by ID, and its default discipline uses the address of
/// the interned name as the ID of a named object, so cluster order (and therefore the
/// drawing) would depend on the heap. Here every object, named or anonymous, gets the
/// next number, and a name always maps back to the same ID.
final class IDState {
  /// The root graph; names are interned in its string table, because cgraph reads the
  /// string header (the "is HTML" flag) in front of every name it prints.
  private let root: UnsafeMutablePointer<Agraph_t>?
  private var next: IDTYPE = 1
  private var ids: [[String: IDTYPE]] = [[:], [:], [:]]
  /// Interned names; owned by the graph's string table, which agclose frees.
  private var names: [IDTYPE: UnsafeMutablePointer<CChar>] = [:]

  init(root: UnsafeMutablePointer<Agraph_t>?) {
    self.root = root
  }

  /// Maps `name` to its ID, allocating the next ID if `create` and the name is new.
  func map(kind: Int32, name: UnsafeMutablePointer<CChar>?, create: Bool) -> IDTYPE? {
    guard let name else {
      guard create else { return nil }
      return allocate()
    }
    let index = kind == VCG_AGRAPH ? 0 : kind == VCG_AGNODE ? 1 : 2
    let key = String(cString: name)
    if let id = ids[index][key] { return id }
    guard create, let interned = agstrdup(root, name) else { return nil }
    let id = allocate()
    ids[index][key] = id
    names[id] = interned
    return id
  }

  func name(of id: IDTYPE) -> UnsafeMutablePointer<CChar>? { names[id] }

  private func allocate() -> IDTYPE {
    defer { next += 1 }
    return next
  }
}

func idState(_ state: UnsafeMutableRawPointer?) -> IDState? {
  state.map { Unmanaged<IDState>.fromOpaque($0).takeUnretainedValue() }
}

func idOpen(
  _ graph: UnsafeMutablePointer<Agraph_t>?, _ discipline: UnsafeMutablePointer<Agdisc_t>?
) -> UnsafeMutableRawPointer? {
  let state = IDState(root: graph)
  // Kept alive by the runtime until the locked call that opened it ends (cgraph may or
  // may not call `close`).
  GraphvizRuntime.shared.idStates.append(state)
  return Unmanaged.passUnretained(state).toOpaque()
}

func idMap(
  _ state: UnsafeMutableRawPointer?, _ kind: Int32, _ name: UnsafeMutablePointer<CChar>?,
  _ id: UnsafeMutablePointer<IDTYPE>?, _ create: Int32
) -> Int {
  guard let id, let mapped = idState(state)?.map(kind: kind, name: name, create: create != 0)
  else { return 0 }
  id.pointee = mapped
  return 1
}

func idFree(_ state: UnsafeMutableRawPointer?, _ kind: Int32, _ id: IDTYPE) {
  // Names stay mapped until the graph is gone, so a re-created object keeps its ID.
}

func idPrint(
  _ state: UnsafeMutableRawPointer?, _ kind: Int32, _ id: IDTYPE
) -> UnsafeMutablePointer<CChar>? {
  idState(state)?.name(of: id)
}

func idClose(_ state: UnsafeMutableRawPointer?) {
  // Released when the locked call ends (see `idOpen`).
}

func idRegister(
  _ state: UnsafeMutableRawPointer?, _ kind: Int32, _ object: UnsafeMutableRawPointer?
) {}

// MARK: - I/O discipline (agwrite into and agread from memory)

/// The channel `agwrite` writes to.
final class ByteSink {
  var bytes: [UInt8] = []
}

/// The channel `agread` reads from.
final class ByteSource {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }
}

func ioRead(
  _ channel: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int32
) -> Int32 {
  guard let channel, let buffer, size > 0 else { return 0 }
  let source = Unmanaged<ByteSource>.fromOpaque(channel).takeUnretainedValue()
  let count = min(Int(size), source.bytes.count - source.offset)
  guard count > 0 else { return 0 }
  source.bytes.withUnsafeBytes { bytes in
    UnsafeMutableRawPointer(buffer).copyMemory(
      from: bytes.baseAddress! + source.offset, byteCount: count)
  }
  source.offset += count
  return Int32(count)
}

func ioPutString(
  _ channel: UnsafeMutableRawPointer?, _ string: UnsafePointer<CChar>?
) -> Int32 {
  guard let channel, let string else { return -1 }
  let sink = Unmanaged<ByteSink>.fromOpaque(channel).takeUnretainedValue()
  sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: string, count: strlen(string)))
  return 0
}

func ioFlush(_ channel: UnsafeMutableRawPointer?) -> Int32 { 0 }
