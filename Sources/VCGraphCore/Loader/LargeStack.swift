import Foundation

/// Runs work that recurses once per nesting level on a thread with a stack large enough for
/// `depth` levels; the default limit of 64 runs on the caller's thread.
enum LargeStack {
  /// Stack bytes reserved per nesting level: a debug build's `decodeController` frame is about
  /// 24 KB; the rest is headroom. Only the pages actually used are ever touched.
  static let bytesPerLevel = 64 * 1024

  /// The deepest nesting read at all, whatever `--max-depth` says (a 1 GB stack).
  static let supportedDepth = 16_000

  static func run<T: Sendable>(
    depth: Int, _ body: @escaping @Sendable () throws(VCGraphError) -> T
  ) throws(VCGraphError) -> T {
    if depth <= InputLimits.default.maxDepth { return try body() }
    let box = ResultBox<T>()
    let work = Work { box.result = Result { () throws(VCGraphError) -> T in try body() } }
    let size = min(depth, supportedDepth) * bytesPerLevel + (8 << 20)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, size)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(work).toOpaque()
    let status = pthread_create(
      &thread, &attributes,
      { raw in
        Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, context)
    guard status == 0 else {
      // No thread (out of memory for its stack): run here, as deep as this stack allows.
      Unmanaged<Work>.fromOpaque(context).release()
      return try body()
    }
    pthread_join(thread, nil)
    return try box.result!.get()
  }

  private final class Work: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }
}

/// The result of work done on another thread, read after it has been joined.
private final class ResultBox<T>: @unchecked Sendable {
  var result: Result<T, VCGraphError>?
}
