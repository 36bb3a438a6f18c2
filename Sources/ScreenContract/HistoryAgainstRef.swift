import Foundation
import ScreenKit

/// Proves that the history at a git ref is a byte-identical prefix of the local one.
///
/// The hash chain catches an edited or reordered file locally, but not a deleted newest version;
/// comparing with the base branch does.
public enum HistoryAgainstRef {
    /// Why the comparison could not run (not a git repository, unknown ref, git missing).
    public struct GitError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The versions at `ref` that are missing here or differ byte for byte.
    public static func check(_ history: ContractHistory, against ref: String) throws(GitError) -> [Diagnostic] {
        let folder = history.folder
        var isDirectory: ObjCBool = false
        let base =
            FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? folder : folder.deletingLastPathComponent()
        let prefix = try git(["rev-parse", "--show-prefix"], in: nearestExisting(base))
        let relative =
            String(decoding: prefix, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            + (base == folder ? "" : folder.lastPathComponent + "/")
        do {
            _ = try git(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: nearestExisting(base))
        } catch {
            throw GitError(description: "\(ref) is not a commit in this repository")
        }
        let listing = try git(
            ["ls-tree", "--full-tree", "--name-only", ref, "--", relative.isEmpty ? "." : relative],
            in: nearestExisting(base))
        let names = String(decoding: listing, as: UTF8.self).split(separator: "\n").map {
            String($0.split(separator: "/").last ?? "")
        }
        let numbers = names.compactMap { name -> Int? in
            guard name.hasSuffix(".json"), let number = Int(name.dropLast(5)), "\(number).json" == name else {
                return nil
            }
            return number
        }.sorted()
        var frozen: [Int: [UInt8]] = [:]
        for number in numbers {
            frozen[number] = try git(["show", "\(ref):\(relative)\(number).json"], in: nearestExisting(base))
        }
        return rewrites(of: frozen, at: ref, in: folder) { number in
            FileManager.default.contents(atPath: folder.appendingPathComponent("\(number).json").path).map {
                [UInt8]($0)
            }
        }
    }

    /// The versions of `base` (version number to bytes, as frozen at `ref`) that the local history
    /// in `folder` lacks (`local` gives nil) or holds with other bytes.
    public static func rewrites(
        of base: [Int: [UInt8]], at ref: String, in folder: URL, local: (Int) -> [UInt8]?
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (number, theirs) in base.sorted(by: { $0.key < $1.key }) {
            let location = SourceLocation(
                file: folder.appendingPathComponent("\(number).json").path, line: 1, column: 1)
            guard let mine = local(number) else {
                diagnostics.append(
                    ContractRules.historyRewritten.diagnostic(
                        "version \(number) exists at \(ref) but was deleted here", at: location))
                continue
            }
            if mine != theirs, LineEndings.isCRLFCopy(mine, of: theirs) {
                diagnostics.append(
                    ContractRules.historyRewritten.diagnostic(
                        "version \(number) differs from the one at \(ref) only in its line endings: \(LineEndings.fix)",
                        at: location))
            } else if mine != theirs {
                diagnostics.append(
                    ContractRules.historyRewritten.diagnostic(
                        "version \(number) differs from the one at \(ref): frozen files never change", at: location))
            }
        }
        return diagnostics
    }

    /// The base to compare with when none is named: in a GitHub Actions pull request, its base
    /// branch (`origin/$GITHUB_BASE_REF`); otherwise the merge base of `HEAD` with the remote's
    /// default branch (`origin/HEAD`). Nil, with the reason, when there is none (not a git
    /// repository, no remote default branch).
    public static func detectBase(
        for history: ContractHistory, environment: [String: String]
    ) -> (ref: String?, description: String) {
        let directory = nearestExisting(history.folder)
        if let base = environment["GITHUB_BASE_REF"], !base.isEmpty {
            let ref = "origin/\(base)"
            if (try? git(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: directory)) != nil {
                return (ref, "\(ref), the pull request's base (GITHUB_BASE_REF)")
            }
            return (nil, "the pull request's base \(ref) is not fetched (fetch it, or pass --against REF)")
        }
        guard (try? git(["rev-parse", "--git-dir"], in: directory)) != nil else {
            return (nil, "not a git repository")
        }
        guard
            let head = try? git(["rev-parse", "--abbrev-ref", "origin/HEAD"], in: directory),
            case let branch = String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            !branch.isEmpty, branch != "origin/HEAD"
        else { return (nil, "no remote default branch (origin/HEAD)") }
        guard let mergeBase = try? git(["merge-base", "HEAD", branch], in: directory) else {
            return (nil, "no merge base of HEAD and \(branch)")
        }
        let commit = String(decoding: mergeBase, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return (commit, "the merge base of HEAD and \(branch) (\(commit.prefix(12)))")
    }

    private static func nearestExisting(_ url: URL) -> URL {
        var current = url
        while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
            current = current.deletingLastPathComponent()
        }
        return current
    }

    private static func git(_ arguments: [String], in directory: URL) throws(GitError) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw GitError(description: "cannot run git: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let detail = errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(
                description:
                    "git \(arguments.prefix(2).joined(separator: " ")) failed\(detail.isEmpty ? "" : ": \(detail)")")
        }
        return [UInt8](data)
    }
}
