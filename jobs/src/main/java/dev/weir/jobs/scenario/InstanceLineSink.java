package dev.weir.jobs.scenario;

import dev.weir.runtime.sink.Sink;
import java.util.function.Function;

/**
 * A sink (or side-output sink) of a scenario's parallel stage that hands each instance's lines to
 * {@link InstanceLines} under that instance's number, with the watermarks and the end that order them: an
 * instance is known by the sink the runtime made for it ({@link Sink#instance}), not by its thread.
 *
 * @param <T> what reaches the sink
 */
final class InstanceLineSink<T> implements Sink<T> {
    private final InstanceLines lines;
    private final Function<? super T, String> text;
    private final boolean sideOutput;
    private final int instance;

    private InstanceLineSink(final InstanceLines lines, final Function<? super T, String> text, final boolean sideOutput,
            final int instance) {
        this.lines = lines;
        this.text = text;
        this.sideOutput = sideOutput;
        this.instance = instance;
    }

    /**
     * @param lines where the lines go
     * @param text the line of each result
     * @param <T> the result type
     * @return the sink of the stage's results, whose watermarks and ends order the lines
     */
    static <T> InstanceLineSink<T> results(final InstanceLines lines, final Function<? super T, String> text) {
        return new InstanceLineSink<>(lines, text, false, 0);
    }

    /**
     * A side output's sink hears from the instances of every stage, but only the stage that has the side output
     * sends records; it gets no watermarks, and its ends say nothing about the stage's lines.
     *
     * @param lines where the lines go
     * @param text the line of each record
     * @param <T> the record type
     * @return the side output's sink
     */
    static <T> InstanceLineSink<T> sideOutput(final InstanceLines lines, final Function<? super T, String> text) {
        return new InstanceLineSink<>(lines, text, true, 0);
    }

    @Override
    public Sink<T> instance(final int index, final int parallelism) {
        return new InstanceLineSink<>(lines, text, sideOutput, index);
    }

    @Override
    public void accept(final T value, final long timestamp) {
        lines.line(instance, text.apply(value));
    }

    @Override
    public void watermark(final long watermark) {
        lines.watermark(instance);
    }

    @Override
    public void finish() {
        if (!sideOutput) {
            lines.finished(instance);
        }
    }
}
