import Foundation
import ScreenCompiler
import ScreenKit
import ScreenPreview

/// Before/after pictures for review: for each screen whose published output changed, each affected
/// contract version is drawn as a one-version preview page, from the baseline build's objects
/// (before) and from this build (after), and photographed by headless Chromium into
/// `OUTDIR/<screen>@<k>-before.png` and `-after.png`.
struct Screenshots {
    /// One picture pair of a changed screen: the files' names in the folder (no before for a new
    /// version or screen).
    struct Pair: Sendable, Hashable {
        let contract: Int
        let before: String?
        let after: String
    }

    /// The pairs taken, by screen ID.
    var pairs: [String: [Pair]] = [:]
    /// Why none were taken, or what failed; said in the report and on standard error.
    var problems: [String] = []
    /// The prefix of the images' addresses in the report (`OUTDIR/` or the `--screenshot-url`).
    var base = ""

    /// The browsers looked for on `PATH`, in order.
    static let names = ["chromium", "chromium-browser", "google-chrome"]

    /// The browser to use: `option` if given (nil if it is not an executable), else
    /// `SCREENKIT_CHROMIUM`, else the first of ``names`` on `PATH`.
    static func chromium(option: String?, environment: [String: String]) -> String? {
        let manager = FileManager.default
        if let option { return manager.isExecutableFile(atPath: option) ? option : nil }
        if let path = environment["SCREENKIT_CHROMIUM"], manager.isExecutableFile(atPath: path) { return path }
        for name in names {
            for folder in (environment["PATH"] ?? "").split(separator: ":") {
                let candidate = "\(folder)/\(name)"
                if manager.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// Takes the pictures of `changes` into `folder` with `chromium` (nil: not found, said plainly).
    static func take(
        _ changes: [ScreenChanges], current: [CompiledScreen], baseline: URL, into folder: URL, chromium: String?,
        previews: [String: ComponentPreview]
    ) async -> Screenshots {
        var result = Screenshots()
        guard let chromium else {
            result.problems.append(
                "screenshots were not taken: headless Chromium was not found (looked for "
                    + names.joined(separator: ", ") + " on PATH; pass --chromium PATH)")
            return result
        }
        let pages = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-shots-\(UUID())")
        defer { try? FileManager.default.removeItem(at: pages) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        } catch {
            result.problems.append("screenshots were not taken: \(error.localizedDescription)")
            return result
        }
        let screens = Dictionary(current.map { ($0.id, $0) }) { first, _ in first }
        for change in changes {
            guard let screen = screens[change.id] else { continue }
            for contract in change.versions {
                guard let variant = screen.variant(for: contract) else { continue }
                let name = "\(change.id)@\(contract)"
                var shots: [(file: String, html: String)] = []
                do {
                    shots.append(
                        (
                            "\(name)-after.png",
                            try PreviewSite.versionPage(
                                screenID: change.id, contract: contract, envelope: variant.envelope, full: screen.full,
                                previews: previews)
                        ))
                    if let old = change.baseline, let object = old.variants.first(where: { $0.contract == contract }),
                        let envelope = read(baseline, object.object)
                    {
                        shots.insert(
                            (
                                "\(name)-before.png",
                                try PreviewSite.versionPage(
                                    screenID: change.id, contract: contract, envelope: envelope,
                                    full: read(baseline, old.full), previews: previews)
                            ), at: 0)
                    }
                } catch {
                    result.problems.append("\(name): \(error.description)")
                    continue
                }
                var taken: [String] = []
                for shot in shots {
                    let page = pages.appendingPathComponent("\(shot.file).html")
                    let image = folder.appendingPathComponent(shot.file)
                    try? FileManager.default.removeItem(at: image)
                    if (try? Data(shot.html.utf8).write(to: page)) != nil,
                        await photograph(page, into: image, chromium: chromium)
                    {
                        taken.append(shot.file)
                    } else {
                        result.problems.append("\(shot.file): Chromium wrote no image")
                    }
                }
                guard let after = taken.first(where: { $0.hasSuffix("-after.png") }) else { continue }
                result.pairs[change.id, default: []].append(
                    Pair(contract: contract, before: taken.first { $0.hasSuffix("-before.png") }, after: after))
            }
        }
        return result
    }

    /// A published object of the baseline build.
    private static func read(_ baseline: URL, _ hash: String) -> [UInt8]? {
        FileManager.default.contents(atPath: baseline.appendingPathComponent(BucketLayout.object(hash)).path).map {
            [UInt8]($0)
        }
    }

    /// Runs headless Chromium on `page` (within 60 s); whether it wrote `image`.
    private static func photograph(_ page: URL, into image: URL, chromium: String) async -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run",
            "--window-size=420,900", "--screenshot=\(image.path)", page.absoluteString,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning {
            if Date() > deadline { process.terminate() }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return FileManager.default.fileExists(atPath: image.path)
    }

    /// The report's section: each changed screen's pictures, or why there are none.
    func markdown() -> [String] {
        var lines = ["", "### Before and after", ""]
        for problem in problems { lines.append("⚠️ \(Report.escapeCell(problem))") }
        if !problems.isEmpty { lines.append("") }
        if pairs.isEmpty && problems.isEmpty { lines.append("No contract version's output changed.") }
        for id in pairs.keys.sorted() {
            for pair in pairs[id] ?? [] {
                let before = pair.before.map { "![before](\(base)\($0))" } ?? "(new)"
                lines.append("- `\(id)` contract \(pair.contract): \(before) → ![after](\(base)\(pair.after))")
            }
        }
        return lines
    }
}
