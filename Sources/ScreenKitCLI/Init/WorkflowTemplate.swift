/// The CI files `screenkit init` writes: the GitHub Actions workflow and the `.gitattributes` that
/// keeps the frozen history byte-exact on every checkout.
extension PackageTemplate {
    /// `.gitattributes`: no line-ending conversion in the contract folder.
    var gitAttributes: String {
        """
        # The frozen contract history is hash-chained byte for byte: every checkout must keep it exactly
        # as committed. Without this line a checkout that converts line endings (Git for Windows'
        # default, core.autocrlf=true) rewrites it with CRLF, and `screenkit check --against` reports
        # every version as rewritten.
        Screens/Contract/** -text

        """
    }

    /// The Swift release this screenkit was compiled with: the workflow's container image.
    static var swiftRelease: String {
        #if compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }

    /// The command of the workflow's gate step, run on a pull request (GitHub sets `GITHUB_BASE_REF`).
    static let gateCommand = #"swift run screenkit check --against "origin/$GITHUB_BASE_REF" --format github"#

    /// The actions the workflow uses, each pinned to the full commit SHA of a release with the
    /// release in a comment: a tag can be moved to other code, a commit cannot. Dependabot (the
    /// `dependabot.yml` init writes beside the workflow) proposes new pins with their comments.
    /// Each SHA was read from two public records of the release (the action's own tag, as quoted
    /// by Dependabot's and Renovate's update pull requests, and workflows pinned to it).
    enum PinnedAction {
        /// actions/checkout v7.0.1 (node24).
        static let checkout = "actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1"
        /// actions/cache v6.1.0 (node24).
        static let cache = "actions/cache@55cc8345863c7cc4c66a329aec7e433d2d1c52a9 # v6.1.0"
        /// actions/upload-artifact v7.0.1 (node24).
        static let uploadArtifact = "actions/upload-artifact@043fb46d1a93c77aae656e7c1c64a875d1fc6a0a # v7.0.1"

        /// Every pin, for the tests.
        static let all = [checkout, cache, uploadArtifact]
    }

    /// The checkout step of both jobs: the token is not kept in the workspace (no later step
    /// pushes or fetches, and the workspace is uploaded in part as an artifact).
    static func checkoutStep(fetchingHistory: Bool) -> String {
        var lines = ["- uses: \(PinnedAction.checkout)", "  with:"]
        if fetchingHistory { lines.append("    fetch-depth: 0  # the base branch and its history, for --against") }
        lines.append("    persist-credentials: false")
        return lines.joined(separator: "\n      ")
    }

    /// The steps both jobs take after the checkout: trust it (the container's user differs from the
    /// checkout's owner) and restore the build folder, keyed by `Package.swift`.
    static let trustAndCacheSteps = [
        "- name: Trust the checkout",
        #"  run: git config --global --add safe.directory "$GITHUB_WORKSPACE""#,
        "- uses: \(PinnedAction.cache)",
        "  with:",
        "    path: .build",
        "    key: screens-${{ runner.os }}-${{ hashFiles('Package.swift') }}",
        "    restore-keys: screens-${{ runner.os }}-",
    ].joined(separator: "\n      ")

    /// The build job's last step, when the package publishes to a bucket.
    static let publishStep = """

              - name: Publish
                if: vars.SCREENKIT_BUCKET != ''
                env:
                  SCREENKIT_BUCKET: ${{ vars.SCREENKIT_BUCKET }}
                  SCREENKIT_ENDPOINT: ${{ vars.SCREENKIT_ENDPOINT }}
                  SCREENKIT_REGION: ${{ vars.SCREENKIT_REGION }}
                  SCREENKIT_CANARY: ${{ vars.SCREENKIT_CANARY }}
                  AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}
                  AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}
                run: >-
                  swift run screenkit publish --to "$SCREENKIT_BUCKET"
                  ${SCREENKIT_ENDPOINT:+--endpoint "$SCREENKIT_ENDPOINT"}
                  ${SCREENKIT_REGION:+--region "$SCREENKIT_REGION"}
                  ${SCREENKIT_CANARY:+--canary "$SCREENKIT_CANARY"}
        """

    /// The job that promotes or rolls back the canary, run by hand (`workflow_dispatch`).
    static let rolloutJob = """

          rollout:
            name: Promote or roll back the canary
            if: github.event_name == 'workflow_dispatch' && vars.SCREENKIT_BUCKET != ''
            runs-on: ubuntu-latest
            container: swift:\(swiftRelease)-bookworm
            concurrency: screens-publish
            permissions:
              contents: read
            steps:
              \(checkoutStep(fetchingHistory: false))
              \(trustAndCacheSteps)
              - name: Move the pointer
                env:
                  MOVE: ${{ inputs.move }}
                  SCREENKIT_BUCKET: ${{ vars.SCREENKIT_BUCKET }}
                  SCREENKIT_ENDPOINT: ${{ vars.SCREENKIT_ENDPOINT }}
                  SCREENKIT_REGION: ${{ vars.SCREENKIT_REGION }}
                  AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}
                  AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}
                run: >-
                  swift run screenkit rollout "$MOVE" --bucket "$SCREENKIT_BUCKET"
                  ${SCREENKIT_ENDPOINT:+--endpoint "$SCREENKIT_ENDPOINT"}
                  ${SCREENKIT_REGION:+--region "$SCREENKIT_REGION"}
                  >> "$GITHUB_STEP_SUMMARY"
        """

    /// The manual trigger of ``rolloutJob``.
    static let dispatchTrigger = """

          workflow_dispatch:
            inputs:
              move:
                description: What to do with the canary
                type: choice
                options: [promote, rollback]
        """

    /// What the header says the default branch does.
    var defaultBranchComment: String {
        guard publishes else {
            return """
                # - On the default branch: build the publish image (an artifact). This package serves its
                #   screens from a Swift server and publishes to no bucket (`screenkit init --no-publish`).
                """
        }
        return """
            # - On the default branch: build the publish image (an artifact), and publish it when the
            #   repository variable SCREENKIT_BUCKET names a bucket (s3://bucket/prefix, or file:///path);
            #   SCREENKIT_ENDPOINT and SCREENKIT_REGION are optional variables, the credentials are the
            #   secrets AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY. With the variable SCREENKIT_CANARY
            #   (a share of units, e.g. 10), each publish is a canary beside the stable release.
            # - Run by hand (workflow_dispatch): promote or roll back the canary.
            """
    }

    /// `.github/workflows/screens.yml`.
    var workflow: String {
        """
        # The screens' CI, written by `screenkit init`.
        # - On a pull request: the contract gate against the base branch, its problems as annotations
        #   on the diff; then the review report (contract changes, the screens whose published bytes
        #   change per client version, before/after pictures) as the job summary, the pictures as an
        #   artifact.
        \(defaultBranchComment)
        # Each job gets only the read access to the repository it needs; each action is pinned to a
        # release's commit (the release in the comment), kept current by .github/dependabot.yml.
        name: Screens

        on:
          pull_request:
          push:\(publishes ? Self.dispatchTrigger : "")

        permissions: {}

        # A newer push to a pull request cancels its older run; on the default branch a run waits for
        # the one before it.
        concurrency:
          group: screens-${{ github.ref }}
          cancel-in-progress: ${{ github.event_name == 'pull_request' }}

        defaults:
          run:
            shell: bash

        jobs:
          check:
            name: Contract gate and review
            if: github.event_name == 'pull_request'
            runs-on: ubuntu-latest
            container: swift:\(Self.swiftRelease)-bookworm
            permissions:
              contents: read
            steps:
              \(Self.checkoutStep(fetchingHistory: true))
              \(Self.trustAndCacheSteps)
              - name: Contract gate
                run: \(Self.gateCommand)
              - name: Chromium, for the before/after pictures
                if: always()
                continue-on-error: true
                run: apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
              - name: Review report
                if: always()
                run: |
                  report=(--against "origin/$GITHUB_BASE_REF" --format markdown)
                  git worktree add "$RUNNER_TEMP/base" "origin/$GITHUB_BASE_REF"
                  if (cd "$RUNNER_TEMP/base" && swift run screenkit build --out "$RUNNER_TEMP/base-dist"); then
                    report+=(--baseline "$RUNNER_TEMP/base-dist" --screenshots screenshots)
                  fi
                  swift run screenkit check "${report[@]}" >> "$GITHUB_STEP_SUMMARY" || true
              - uses: \(PinnedAction.uploadArtifact)
                if: always()
                with:
                  name: screenshots
                  path: screenshots/
                  if-no-files-found: ignore

          build:
            name: \(publishes ? "Build and publish" : "Build")
            if: github.event_name == 'push' && github.ref_name == github.event.repository.default_branch
            runs-on: ubuntu-latest
            container: swift:\(Self.swiftRelease)-bookworm
            concurrency: screens-publish
            permissions:
              contents: read
            steps:
              \(Self.checkoutStep(fetchingHistory: false))
              \(Self.trustAndCacheSteps)
              - name: Build the publish image
                run: swift run screenkit build
              - uses: \(PinnedAction.uploadArtifact)
                with:
                  name: dist
                  path: dist/\(publishes ? Self.publishStep : "")\(publishes ? Self.rolloutJob : "")

        """
    }

    /// `.github/dependabot.yml`: weekly pull requests that move the workflow's pinned actions to
    /// their newest release (SHA and comment), each release a week old first (a cooldown, so a
    /// compromised release is more likely found before it is proposed).
    var dependabot: String {
        """
        # Keeps the pinned actions of .github/workflows/screens.yml current, written by `screenkit init`.
        version: 2
        updates:
          - package-ecosystem: github-actions
            directory: /
            schedule:
              interval: weekly
            cooldown:
              default-days: 7

        """
    }
}
