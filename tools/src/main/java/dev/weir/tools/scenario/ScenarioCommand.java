package dev.weir.tools.scenario;

import dev.weir.jobs.file.JobFileParser;
import dev.weir.jobs.file.JobSpec;
import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemNanoClock;
import dev.weir.tools.cli.Interruption;
import dev.weir.tools.cli.LineLimitOption;
import dev.weir.tools.cli.ResultWriter;
import dev.weir.tools.cli.StateOptions;
import dev.weir.tools.cli.WeirVersion;
import dev.weir.tools.engine.EngineOption;
import dev.weir.engines.ExecutionEngine;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code weir scenario [--runtime deterministic|threaded] JOB.yaml ELEMENTS.csv}: runs a job on a
 * virtual clock and prints canonical lines; with {@code --engine flink}, on Apache Flink
 * (docs/flink.md).
 */
@Command(
        name = "scenario",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        abbreviateSynopsis = true,
        description = {
            "Replays a job file over an element file on a virtual clock.",
            "Processing time is the element file's 'at' column; prints the canonical output lines"
                    + " (FIRE, JOIN, LATE, WM, STATUS, # lateDropped) to stdout.",
            "See docs/scenarios.md for both file formats and for what may differ between the runtimes;"
                    + " --engine flink runs the job file on Apache Flink (docs/flink.md)."
        })
public final class ScenarioCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "JOB.yaml", description = "The job file.")
    private Path jobFile;

    @Parameters(index = "1", paramLabel = "ELEMENTS.csv", description = "The element file.")
    private Path elementFile;

    @Option(names = "--debug", description = "Print stack traces of failures.")
    private boolean debug;

    @Option(names = "--runtime", paramLabel = "RUNTIME", defaultValue = "deterministic", converter = ScenarioRuntimeConverter.class,
            description = {"deterministic (default): one thread, the reference output;",
                "threaded: publisher-fed channels, Disruptor rings and task threads (docs/runtime.md)."})
    private ScenarioRuntime runtime;

    @Mixin
    private StateOptions state;

    @Mixin
    private LineLimitOption lineLimit;

    @Mixin
    private EngineOption engine;

    @Override
    public Integer call() throws Exception {
        engine.check();
        if (!engine.isWeir()) {
            engine.refuse("--runtime", "--state", "--state-dir", "--state-max-entries", "--state-initial-entries");
        }
        final int maxLineBytes = lineLimit.maxLineBytes();
        final ExecutionEngine other = engine.isWeir() ? null : engine.engine();
        // a two-input job too: the engine refuses, naming the field, what it does not run
        final JobSpec job = JobFileParser.parse(jobFile, maxLineBytes);
        final NanoClock clock = SystemNanoClock.INSTANCE;
        final long started = clock.nanos();
        final AtomicLong lines = new AtomicLong();
        try (ResultWriter out = ResultWriter.open(null);
                Interruption interruption = Interruption.register("weir scenario", out, null, () -> String.format(Locale.ROOT,
                        "%d lines printed, %.2f s", lines.get(), (clock.nanos() - started) / 1e9))) {
            try {
                if (other != null) {
                    other.scenario(job, jobFile, elementFile, maxLineBytes, line -> {
                        out.line(line);
                        lines.incrementAndGet();
                    });
                } else {
                    ScenarioRunner.run(job, elementFile, line -> {
                        out.line(line);
                        lines.incrementAndGet();
                    }, note -> System.err.println("weir: note: " + note), runtime, state.backend(), maxLineBytes);
                }
            } finally {
                out.checkWritten();
            }
        }
        return 0;
    }
}
