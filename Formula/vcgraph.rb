# Homebrew formula for vcgraph, built from source. It lives in vcgraph's own repository, which
# serves as its tap:
#
#   brew tap vcgraph/vcgraph URL-OF-THIS-REPOSITORY
#   brew install vcgraph          # the tag v0.1.0
#   brew install --HEAD vcgraph   # main
#
# It builds from the tap's own clone (the repository this file is in), so it names no other
# host. The runtime dependencies are the `.brew([...])` providers of Package.swift's system
# libraries; ReleaseFilesTests checks that the two lists agree and that the tag is the version
# `vcgraph --version` prints (Sources/VCGraphCLI/CommandLine.swift).
class Vcgraph < Formula
  desc "Analyze UIKit view-controller hierarchies and draw them with Graphviz or Mermaid"
  homepage "file://#{File.expand_path("..", __dir__)}"
  url "file://#{File.expand_path("..", __dir__)}", using: :git, tag: "v0.1.0"
  version "0.1.0"
  license "Apache-2.0"
  head "file://#{File.expand_path("..", __dir__)}", using: :git, branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "graphviz"
  depends_on "libxml2"
  depends_on "libyaml"

  uses_from_macos "swift" => :build

  def install
    # libxml2 is keg-only: pkg-config finds it only when pointed at it.
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["libxml2"].opt_lib/"pkgconfig"
    args = ["--disable-sandbox", "-c", "release", "--product", "vcgraph"]
    # Linux has no Swift runtime in the system: link it in (macOS has it).
    args << "--static-swift-stdlib" if OS.linux?
    system "swift", "build", *args
    bin.install ".build/release/vcgraph"
    man1.install "Documentation/vcgraph.1"
    # swift-argument-parser's scripts: `vcgraph --generate-completion-script bash|zsh|fish`.
    generate_completions_from_executable(bin/"vcgraph", "--generate-completion-script")
  end

  test do
    assert_match "vcgraph #{version}", shell_output("#{bin}/vcgraph --version")
    (testpath/"app.yaml").write <<~YAML
      title: A tab bar with a modal
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - { class: UIViewController, id: home }
          presents: { class: UIViewController, id: editor }
    YAML
    system bin/"vcgraph", "render", "app.yaml", "-o", "app.svg"
    svg = (testpath/"app.svg").read
    assert_match "<svg", svg
    assert_match "editor", svg
    assert_match "top view controller: editor", shell_output("#{bin}/vcgraph analyze app.yaml")
    assert_match "vcgraph", shell_output("#{bin}/vcgraph --generate-completion-script bash")
  end
end
