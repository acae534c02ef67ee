/**
 * {@code weir bench}: the command the perf module contributes to the {@code weir} command line
 * ({@link dev.weir.perf.cli.BenchContribution}), which reads its options and runs a {@link dev.weir.perf.bench.BenchRun}.
 */
package dev.weir.perf.cli;
