#!/usr/bin/env python3
"""Generator, timer and report for Benchmarks/typecheck.sh.

Writes ScreenKit DSL screens in exactly the shapes that
Benchmarks/plot-typecheck.sh writes with Plot's @ComponentBuilder
(flat, nested, split; same child rule, same element counts), times
`swiftc -typecheck` on them the same way, and prints the comparison table.

Subcommands:
  gen SHAPE N [-o FILE]
      Print (or write) the generated Swift file; its summary goes to stderr.
  bench MODDIR WORKDIR SIZES SHAPES RUNS TIMEOUT
      One untimed warm-up compile, then for each shape and size RUNS timed
      `swiftc -typecheck -I MODDIR -module-cache-path WORKDIR/module-cache FILE`
      processes. stdout: `shape<TAB>N<TAB>median_seconds<TAB>runs` per case
      (NA / 0 when every run failed or timed out). Exit 3 if any case is NA,
      2 if the warm-up compile fails.
  report SK_TSV PLOT_TSV SIZES SHAPES PLOT_NOTE
      Join both TSVs into the table typecheck.sh prints. PLOT_NOTE is printed
      when it is not empty (e.g. why Plot's numbers are missing).

Mapping from the Plot shapes (plot-typecheck.sh, "Shapes"):
  Div { ... }                 -> Column { ... }
  Div { ... }.class("row")    -> Column { ... }.padding(4)
  Paragraph("t<i>").class("c") -> Text("t<i>").style(.caption)
  Button("b<i>")              -> Button("b<i>", id: "b<i>", action: .navigate(to: "home"))
  if flag { Paragraph("y<i>") } else { Paragraph("n<i>") }
                              -> if flag { Text("y<i>") } else { Text("n<i>") }
  -> Component                -> -> Column
"""

import os
import signal
import statistics
import subprocess
import sys
import time

PREFIX = 'screenkit-typecheck: '


def log(msg):
    print(PREFIX + msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# generator
# --------------------------------------------------------------------------

class Gen:
    """Emits ScreenKit @ScreenBuilder code and counts what it emits."""

    def __init__(self):
        self.i = 0
        self.counts = {'Column': 0, 'Text.style': 0, 'Button': 0, 'if/else': 0}

    def child(self, j):
        # Child rule of plot-typecheck.sh: j%10==8 if/else, even leaf+modifier, odd leaf.
        i = self.i
        self.i += 1
        if j % 10 == 8:
            self.counts['if/else'] += 1
            return f'if flag {{ Text("y{i}") }} else {{ Text("n{i}") }}'
        if j % 2 == 0:
            self.counts['Text.style'] += 1
            return f'Text("t{i}").style(.caption)'
        self.counts['Button'] += 1
        return f'Button("b{i}", id: "b{i}", action: .navigate(to: "home"))'

    def column(self, children, padded):
        self.counts['Column'] += 1
        body = '\n'.join(children)
        return 'Column {\n' + body + '\n}' + ('.padding(4)' if padded else '')


def generate(shape, n):
    if n < 10 or n % 10:
        raise SystemExit(f'N must be a multiple of 10 and >= 10 (got {n})')
    g = Gen()
    depth = 1
    if shape == 'flat':
        doc = g.column([g.child(j) for j in range(n - 1)], False)
        body = f'func make(flag: Bool) -> Column {{\nreturn {doc}\n}}'
    elif shape == 'nested':
        depth = n // 10
        # build outermost-first so the string indices read top to bottom
        levels = [[g.child(j) for j in range(9)] for _ in range(depth)]
        inner = g.column(levels[-1], True)
        for k in range(depth - 2, -1, -1):
            inner = g.column(levels[k] + [inner], True)
        body = f'func make(flag: Bool) -> Column {{\nreturn {inner}\n}}'
    elif shape == 'split':
        depth = 2
        fns, calls = [], []
        for r in range(n // 10):
            row = g.column([g.child(j) for j in range(9)], True)
            fns.append(f'func row{r}(flag: Bool) -> Column {{\nreturn {row}\n}}')
            calls.append(f'row{r}(flag: flag)')
        root = g.column(calls, False)
        fns.append(f'func make(flag: Bool) -> Column {{\nreturn {root}\n}}')
        body = '\n'.join(fns)
    else:
        raise SystemExit(f'unknown shape {shape} (use flat, nested, split)')
    c = g.counts
    total = sum(c.values())
    padded = c['Column'] - (1 if shape in ('flat', 'split') else 0)
    summary = (f'shape={shape} N={n}: {total} elements = {c["Column"]} Column, '
               f'{c["Text.style"]} Text+.style, {c["Button"]} Button, '
               f'{c["if/else"]} if/else (one Text per branch); '
               f'max Column nesting depth {depth}; '
               f'modifiers: {c["Text.style"]} .style on Text, '
               f'{padded} .padding on Column')
    if shape == 'split':
        summary += f'; {n // 10} row functions + root Column of {n // 10} calls'
    if total != n + (1 if shape == 'split' else 0):
        raise SystemExit(f'internal error: {summary}')
    header = ('// Generated benchmark input for swiftc -typecheck (ScreenKit @ScreenBuilder),\n'
              '// same shapes as Benchmarks/plot-typecheck.sh.\n'
              f'// {summary}\n')
    return header + 'import ScreenKit\n' + body + '\n', summary


# --------------------------------------------------------------------------
# timing
# --------------------------------------------------------------------------

def typecheck(moddir, mcache, path, timeout):
    cmd = ['swiftc', '-typecheck', '-I', moddir, '-module-cache-path', mcache, path]
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.communicate()
        return None, f'timed out after {timeout:.0f} s'
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        tail = out.decode(errors='replace').strip().splitlines()[-15:]
        return None, f'swiftc exit {p.returncode}:\n' + '\n'.join(tail)
    return dt, None


def loadavg():
    try:
        return open('/proc/loadavg').read().split()[0]
    except OSError:
        return '?'


def bench(moddir, work, sizes, shapes, runs, timeout):
    sizes = [int(x) for x in sizes.split(',')]
    shapes = shapes.split(',')
    runs = int(runs)
    timeout = float(timeout)
    mcache = os.path.join(work, 'module-cache')

    # untimed warm-up: populates the module cache, loads the toolchain from disk
    warm = os.path.join(work, 'warmup.swift')
    with open(warm, 'w') as f:
        f.write('import ScreenKit\nfunc make(flag: Bool) -> Column {\nreturn Column {\n'
                'Text("a").style(.caption)\n'
                'if flag { Text("b") } else { Text("c") }\n}\n}\n')
    dt, err = typecheck(moddir, mcache, warm, timeout)
    if err:
        log('warm-up compile against ScreenKit failed: ' + err)
        return 2
    log(f'warm-up compile ok ({dt:.2f} s)')

    print('shape\tN\tmedian_seconds\truns', flush=True)
    failed = False
    for shape in shapes:
        for n in sizes:
            src, summary = generate(shape, n)
            path = os.path.join(work, f'{shape}_{n}.swift')
            with open(path, 'w') as f:
                f.write(src)
            log(summary)
            times = []
            for r in range(runs):
                la = loadavg()
                dt, err = typecheck(moddir, mcache, path, timeout)
                if err:
                    log(f'{shape} N={n} run {r + 1}/{runs}: FAILED: {err}')
                    continue
                times.append(dt)
                log(f'{shape} N={n} run {r + 1}/{runs}: {dt:.3f} s (loadavg before: {la})')
            if times:
                print(f'{shape}\t{n}\t{statistics.median(times):.3f}\t{len(times)}', flush=True)
            else:
                failed = True
                print(f'{shape}\t{n}\tNA\t0', flush=True)
    return 3 if failed else 0


# --------------------------------------------------------------------------
# report
# --------------------------------------------------------------------------

def read_tsv(path):
    """{(shape, n): seconds or None} from a `shape N median runs` TSV."""
    res = {}
    if not path or not os.path.exists(path):
        return res
    for line in open(path):
        parts = line.rstrip('\n').split('\t')
        if len(parts) < 3 or parts[0] == 'shape':
            continue
        try:
            n = int(parts[1])
        except ValueError:
            continue
        try:
            res[(parts[0], n)] = float(parts[2])
        except ValueError:
            res[(parts[0], n)] = None
    return res


def fmt(x, digits=3):
    return 'NA' if x is None else f'{x:.{digits}f}'


def report(sk_tsv, plot_tsv, sizes, shapes, plot_note):
    sizes = [int(x) for x in sizes.split(',')]
    shapes = shapes.split(',')
    sk = read_tsv(sk_tsv)
    pl = read_tsv(plot_tsv)

    rows = []
    for shape in shapes:
        for n in sizes:
            s, p = sk.get((shape, n)), pl.get((shape, n))
            ratio = s / p if s is not None and p else None
            rows.append((shape, str(n), fmt(s), fmt(p), fmt(ratio, 2)))
    header = ('shape', 'N', 'screenkit_s', 'plot_s', 'ratio(screenkit/plot)')
    widths = [max(len(r[k]) for r in rows + [header]) for k in range(len(header))]

    def line(cells):
        out = [cells[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(cells[1:], widths[1:])]
        return '  '.join(out).rstrip()

    print(line(header))
    for r in rows:
        print(line(r))
    print()
    if plot_note:
        print('# ' + plot_note)

    # flat N=400 verdict
    if 'flat' in shapes and 400 in sizes:
        s, p = sk.get(('flat', 400)), pl.get(('flat', 400))
        if s is None or p is None:
            print(f'# flat N=400: cannot compare (screenkit {fmt(s)} s, plot {fmt(p)} s)')
        else:
            verdict = 'YES, no slower than' if s <= p else 'NO, slower than'
            print(f'# flat N=400: ScreenKit {s:.3f} s vs Plot {p:.3f} s '
                  f'(ratio {s / p:.2f}) -> {verdict} Plot')
    else:
        print('# flat N=400: not measured in this run (needs --shapes with flat and --sizes with 400)')

    # split per-element cost
    if 'split' in shapes:
        parts = []
        for n in sizes:
            s, p = sk.get(('split', n)), pl.get(('split', n))
            ps = 'NA' if s is None else f'{s / n * 1000:.3f} ms'
            pp = 'NA' if p is None else f'{p / n * 1000:.3f} ms'
            parts.append(f'N={n}: screenkit {ps}, plot {pp}')
        print('# split per-element cost (median seconds / N, driver start-up included): '
              + '; '.join(parts))
        pts = sorted((n, sk[('split', n)]) for n in sizes if sk.get(('split', n)) is not None)
        if len(pts) >= 2:
            marg = []
            for (n1, t1), (n2, t2) in zip(pts, pts[1:]):
                marg.append(f'N {n1}->{n2}: {(t2 - t1) / (n2 - n1) * 1000:.3f} ms')
            print('# split marginal ScreenKit cost per added element (constant = linear): '
                  + '; '.join(marg))
    return 0


def main(argv):
    if len(argv) >= 2 and argv[1] in ('-h', '--help'):
        print(__doc__.strip())
        return 0
    if len(argv) >= 4 and argv[1] == 'gen':
        src, summary = generate(argv[2], int(argv[3]))
        print(summary, file=sys.stderr)
        if len(argv) == 6 and argv[4] == '-o':
            with open(argv[5], 'w') as f:
                f.write(src)
        elif len(argv) == 4:
            sys.stdout.write(src)
        else:
            raise SystemExit('usage: typecheck_gen.py gen SHAPE N [-o FILE]')
        return 0
    if len(argv) == 8 and argv[1] == 'bench':
        return bench(*argv[2:8])
    if len(argv) == 7 and argv[1] == 'report':
        return report(*argv[2:7])
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
