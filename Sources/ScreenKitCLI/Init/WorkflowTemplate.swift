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

    /// The steps both jobs take after the checkout: trust it (the container's user differs from the
    /// checkout's owner) and restore the build folder, keyed by `Package.swift`.
    static let trustAndCacheSteps = [
        "- name: Trust the checkout",
        #"  run: git config --global --add safe.directory "$GITHUB_WORKSPACE""#,
        "- uses: actions/cache@v4",
        "  with:",
        "    path: .build",
        "    key: screens-${{ runner.os }}-${{ hashFiles('Package.swift') }}",
        "    restore-keys: screens-${{ runner.os }}-",
    ].joined(separator: "\n      ")

    /// `.github/workflows/screens.yml`.
    var workflow: String {
        """
        # The screens' CI, written by `screenkit init`.
        # - On a pull request: the contract gate against the base branch, its problems as annotations
        #   on the diff; then the review report (contract changes, the screens whose published bytes
        #   change per client version, before/after pictures) as the job summary, the pictures as an
        #   artifact.
        # - On the default branch: build the publish image (an artifact), and publish it when the
        #   repository variable SCREENKIT_BUCKET names a bucket (s3://bucket/prefix, or file:///path);
        #   SCREENKIT_ENDPOINT and SCREENKIT_REGION are optional variables, the credentials are the
        #   secrets AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.
        name: Screens

        on:
          pull_request:
          push:

        permissions:
          contents: read

        defaults:
          run:
            shell: bash

        jobs:
          check:
            if: github.event_name == 'pull_request'
            runs-on: ubuntu-latest
            container: swift:\(Self.swiftRelease)-bookworm
            steps:
              - uses: actions/checkout@v4
                with:
                  fetch-depth: 0  # the base branch and its history, for --against
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
              - uses: actions/upload-artifact@v4
                if: always()
                with:
                  name: screenshots
                  path: screenshots/
                  if-no-files-found: ignore

          build:
            if: github.event_name == 'push' && github.ref_name == github.event.repository.default_branch
            runs-on: ubuntu-latest
            container: swift:\(Self.swiftRelease)-bookworm
            concurrency: screens-publish
            steps:
              - uses: actions/checkout@v4
              \(Self.trustAndCacheSteps)
              - name: Build the publish image
                run: swift run screenkit build
              - uses: actions/upload-artifact@v4
                with:
                  name: dist
                  path: dist/
              - name: Publish
                if: vars.SCREENKIT_BUCKET != ''
                env:
                  SCREENKIT_BUCKET: ${{ vars.SCREENKIT_BUCKET }}
                  SCREENKIT_ENDPOINT: ${{ vars.SCREENKIT_ENDPOINT }}
                  SCREENKIT_REGION: ${{ vars.SCREENKIT_REGION }}
                  AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}
                  AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}
                run: >-
                  swift run screenkit publish --to "$SCREENKIT_BUCKET"
                  ${SCREENKIT_ENDPOINT:+--endpoint "$SCREENKIT_ENDPOINT"}
                  ${SCREENKIT_REGION:+--region "$SCREENKIT_REGION"}

        """
    }
}
