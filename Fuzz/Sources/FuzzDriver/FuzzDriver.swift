// SwiftPM links an executable target with its entry point renamed to `<Target>_main` (so that
// tests can import executables). The targets are built with `-parse-as-library`, so there is no
// Swift entry point: each target defines `<Target>_main` with `@_cdecl` and calls
// `runFuzzer`, which hands control to libFuzzer's driver; the driver then calls the target's
// `LLVMFuzzerTestOneInput`.

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer's driver with the process's arguments and the target's one-input function.
public func runFuzzer(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ fuzzOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
