package dev.weir.tools.scenario;

import dev.weir.jobs.file.JobSpec;
import dev.weir.jobs.scenario.ScenarioInput;
import dev.weir.pipelines.record.ScenarioRecord;
import dev.weir.jobs.scenario.ScenarioRun;
import dev.weir.jobs.scenario.TwoInputJobGraph;
import dev.weir.jobs.scenario.TwoInputScenario;
import dev.weir.engines.elements.ElementFileException;
import dev.weir.engines.elements.ElementFileReader;
import dev.weir.engines.elements.ElementKind;
import dev.weir.engines.elements.ElementRow;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.PipelineStoppedException;
import dev.weir.source.LineReader;
import dev.weir.state.HeapStateBackend;
import dev.weir.state.StateBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Runs a job over an element file, row by row, on the deterministic scheduler (the default) or
 * the threaded one. Rows are processed as they are read, so the lines of every row before
 * a bad one are already out (on the threaded runtime: once the tasks caught up) when the bad
 * row stops the run.
 */
public final class ScenarioRunner {
    private ScenarioRunner() {
    }

    /**
     * @param job the job
     * @param elements the element file
     * @param lines receives the canonical lines, the closing {@code # lateDropped} line last
     * @throws ElementFileException on a bad row (lines of earlier rows are already out)
     * @throws PipelineFailedException if the pipeline fails on a row
     */
    public static void run(final JobSpec job, final Path elements, final Consumer<String> lines) {
        run(job, elements, lines, note -> { });
    }

    /**
     * @param job the job
     * @param elements the element file
     * @param lines receives the canonical lines, the closing {@code # lateDropped} line last
     * @param notes receives diagnostics for the user
     * @throws ElementFileException on a bad row (lines of earlier rows are already out)
     * @throws PipelineFailedException if the pipeline fails on a row
     */
    public static void run(final JobSpec job, final Path elements, final Consumer<String> lines, final Consumer<String> notes) {
        run(job, elements, lines, notes, ScenarioRuntime.DETERMINISTIC);
    }

    /**
     * @param job the job
     * @param elements the element file
     * @param lines receives the canonical lines, the closing {@code # lateDropped} line last
     * @param notes receives diagnostics for the user
     * @param runtime where the job runs
     * @throws ElementFileException on a bad row (lines of earlier rows are already out)
     * @throws PipelineFailedException if the pipeline fails
     */
    public static void run(final JobSpec job, final Path elements, final Consumer<String> lines, final Consumer<String> notes,
            final ScenarioRuntime runtime) {
        run(job, elements, lines, notes, runtime, HeapStateBackend.INSTANCE);
    }

    /**
     * @param job the job
     * @param elements the element file
     * @param lines receives the canonical lines, the closing {@code # lateDropped} line last
     * @param notes receives diagnostics for the user
     * @param runtime where the job runs
     * @param stateBackend where the window operator's keyed state lives
     * @throws ElementFileException on a bad row (lines of earlier rows are already out)
     * @throws PipelineFailedException if the pipeline fails
     */
    public static void run(final JobSpec job, final Path elements, final Consumer<String> lines, final Consumer<String> notes,
            final ScenarioRuntime runtime, final StateBackend stateBackend) {
        run(job, elements, lines, notes, runtime, stateBackend, LineReader.DEFAULT_MAX_LINE_BYTES);
    }

    /**
     * @param job the job
     * @param elements the element file
     * @param lines receives the canonical lines, the closing {@code # lateDropped} line last
     * @param notes receives diagnostics for the user
     * @param runtime where the job runs
     * @param stateBackend where the window operator's keyed state lives
     * @param maxLineBytes the longest line accepted, in bytes; a longer one is an error at its line
     * @throws ElementFileException on a bad row (lines of earlier rows are already out)
     * @throws PipelineFailedException if the pipeline fails
     */
    public static void run(final JobSpec job, final Path elements, final Consumer<String> lines, final Consumer<String> notes,
            final ScenarioRuntime runtime, final StateBackend stateBackend, final int maxLineBytes) {
        if (Files.isDirectory(elements)) {
            throw new ElementFileException(elements.toString(), 0, null, "is a directory, not an element file");
        }
        try (LineReader reader = LineReader.utf8(Files.newInputStream(elements), maxLineBytes)) {
            run(job, elements.toString(), reader, lines, notes, runtime, stateBackend);
        } catch (NoSuchFileException e) {
            throw new ElementFileException(elements.toString(), 0, null, "no such element file");
        } catch (IOException e) {
            throw new ElementFileException(elements.toString(), 0, null, "cannot read the element file: " + e.getMessage());
        }
    }

    /**
     * @param job the job
     * @param fileName the element file's name, for messages
     * @param text the element file's lines
     * @param lines receives the canonical lines
     */
    public static void run(final JobSpec job, final String fileName, final LineReader text, final Consumer<String> lines) {
        run(job, fileName, text, lines, note -> { });
    }

    /**
     * @param job the job
     * @param fileName the element file's name, for messages
     * @param text the element file's lines
     * @param lines receives the canonical lines
     * @param notes receives diagnostics for the user (e.g. a channel that stalls the watermark)
     */
    public static void run(
            final JobSpec job, final String fileName, final LineReader text, final Consumer<String> lines, final Consumer<String> notes) {
        run(job, fileName, text, lines, notes, ScenarioRuntime.DETERMINISTIC);
    }

    /**
     * @param job the job
     * @param fileName the element file's name, for messages
     * @param text the element file's lines
     * @param lines receives the canonical lines
     * @param notes receives diagnostics for the user (e.g. a channel that stalls the watermark)
     * @param runtime where the job runs
     */
    public static void run(final JobSpec job, final String fileName, final LineReader text, final Consumer<String> lines,
            final Consumer<String> notes, final ScenarioRuntime runtime) {
        run(job, fileName, text, lines, notes, runtime, HeapStateBackend.INSTANCE);
    }

    /**
     * @param job the job
     * @param fileName the element file's name, for messages
     * @param text the element file's lines
     * @param lines receives the canonical lines
     * @param notes receives diagnostics for the user (e.g. a channel that stalls the watermark)
     * @param runtime where the job runs
     * @param stateBackend where the window operator's keyed state lives
     */
    public static void run(final JobSpec job, final String fileName, final LineReader text, final Consumer<String> lines,
            final Consumer<String> notes, final ScenarioRuntime runtime, final StateBackend stateBackend) {
        if (job.isTwoInput()) {
            runTwoInputs(job, fileName, text, lines, notes, runtime, stateBackend, TwoInputJobGraph.runtime());
            return;
        }
        final ElementFileReader reader = new ElementFileReader(fileName, text, job.channels());
        final int[] endedOnLine = new int[job.channels()];
        int lastLine = 0;
        try (ScenarioRun pipeline = runtime.start(job, lines, stateBackend)) {
            for (ElementRow row = reader.next(); row != null; row = reader.next()) {
                if (endedOnLine[row.channel()] > 0) {
                    throw new ElementFileException(fileName, row.line(), "channel", "channel " + row.channel() + " ended on line "
                            + endedOnLine[row.channel()] + "; no row may follow its E row");
                }
                lastLine = row.line();
                if (row.kind() == ElementKind.R) {
                    checkTimestamp(job, fileName, row);
                }
                try {
                    apply(pipeline, row);
                } catch (PipelineExecutionException e) {
                    // the deterministic scheduler ran the failing task within this row's call
                    throw new PipelineFailedException(fileName, row.line(), e.getCause());
                } catch (PipelineStoppedException e) {
                    throw PipelineFailedException.noticedBy(fileName, row.line(), e.getCause() != null ? e.getCause() : e);
                } catch (RuntimeException e) {
                    throw new PipelineFailedException(fileName, row.line(), e);
                }
                if (row.kind() == ElementKind.E) {
                    endedOnLine[row.channel()] = row.line();
                }
            }
            try {
                pipeline.finish();
            } catch (PipelineExecutionException e) {
                throw PipelineFailedException.noticedBy(fileName, lastLine, e.getCause());
            }
            lines.accept(pipeline.summaryLine());
            final String stalled = pipeline.stalledChannelNote();
            if (stalled != null) {
                notes.accept(stalled);
            }
        }
    }

    /**
     * Runs a two-input job (docs/scenarios.md, "Two inputs") over its element file, whose rows name their input.
     *
     * @param job a two-input job
     * @param fileName the element file's name, for messages
     * @param text the element file's lines
     * @param lines receives the canonical lines, the closing {@code # lateDropped} line last
     * @param notes receives diagnostics for the user (e.g. an input that holds the watermark at MIN)
     * @param runtime where the job runs
     * @param stateBackend where the keyed operator's state lives
     * @param graph builds the job's pipeline
     * @throws ElementFileException on a bad row (lines of earlier rows are already out)
     * @throws PipelineFailedException if the pipeline fails
     */
    public static void runTwoInputs(final JobSpec job, final String fileName, final LineReader text, final Consumer<String> lines,
            final Consumer<String> notes, final ScenarioRuntime runtime, final StateBackend stateBackend, final TwoInputJobGraph graph) {
        final ElementFileReader reader = ElementFileReader.twoInputs(fileName, text, job.left().channels(), job.right().channels());
        final int[][] endedOnLine = {new int[job.left().channels()], new int[job.right().channels()]};
        int lastLine = 0;
        try (TwoInputScenario scenario = TwoInputScenario.start(job, graph, lines, stateBackend, runtime == ScenarioRuntime.THREADED)) {
            for (ElementRow row = reader.next(); row != null; row = reader.next()) {
                final int[] ended = endedOnLine[row.input().ordinal()];
                if (ended[row.channel()] > 0) {
                    throw new ElementFileException(fileName, row.line(), "channel", "channel " + row.channel() + " of input "
                            + row.input().id() + " ended on line " + ended[row.channel()] + "; no row may follow its E row");
                }
                lastLine = row.line();
                if (row.kind() == ElementKind.R) {
                    checkTimestamp(job, fileName, row);
                }
                try {
                    apply(scenario, row);
                } catch (PipelineExecutionException e) {
                    throw new PipelineFailedException(fileName, row.line(), e.getCause());
                } catch (PipelineStoppedException e) {
                    throw PipelineFailedException.noticedBy(fileName, row.line(), e.getCause() != null ? e.getCause() : e);
                } catch (RuntimeException e) {
                    throw new PipelineFailedException(fileName, row.line(), e);
                }
                if (row.kind() == ElementKind.E) {
                    ended[row.channel()] = row.line();
                }
            }
            try {
                scenario.finish();
            } catch (PipelineExecutionException e) {
                throw PipelineFailedException.noticedBy(fileName, lastLine, e.getCause());
            }
            lines.accept(scenario.summaryLine());
            final String stalled = scenario.stalledNote();
            if (stalled != null) {
                notes.accept(stalled);
            }
        }
    }

    private static void apply(final TwoInputScenario scenario, final ElementRow row) {
        final ScenarioInput input = row.input();
        switch (row.kind()) {
            case R:
                scenario.record(row.atMillis(), input, row.channel(), new ScenarioRecord(row.key(), row.timestamp(), row.value()));
                break;
            case W:
                scenario.watermark(row.atMillis(), input, row.channel(), row.timestamp());
                break;
            case I:
                scenario.idle(row.atMillis(), input, row.channel());
                break;
            case A:
                scenario.active(row.atMillis(), input, row.channel());
                break;
            case E:
            default:
                scenario.end(row.atMillis(), input, row.channel());
                break;
        }
    }

    /** Refuses a record's event time the job cannot take, at its row, before the pipeline sees it. */
    private static void checkTimestamp(final JobSpec job, final String fileName, final ElementRow row) {
        try {
            job.checkRecordTimestamp(row.timestamp());
        } catch (IllegalArgumentException e) {
            throw new ElementFileException(fileName, row.line(), "ts", e.getMessage());
        }
    }

    private static void apply(final ScenarioRun pipeline, final ElementRow row) {
        switch (row.kind()) {
            case R:
                pipeline.record(row.atMillis(), row.channel(), new ScenarioRecord(row.key(), row.timestamp(), row.value()));
                break;
            case W:
                pipeline.watermark(row.atMillis(), row.channel(), row.timestamp());
                break;
            case I:
                pipeline.idle(row.atMillis(), row.channel());
                break;
            case A:
                pipeline.active(row.atMillis(), row.channel());
                break;
            case E:
            default:
                pipeline.end(row.atMillis(), row.channel());
                break;
        }
    }
}
