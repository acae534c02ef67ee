package dev.weir.pipelines.scenario;

import dev.weir.runtime.Sink;
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
    private final int instance;

    /**
     * @param lines where the lines go
     * @param text the line of each value
     */
    InstanceLineSink(final InstanceLines lines, final Function<? super T, String> text) {
        this(lines, text, 0);
    }

    private InstanceLineSink(final InstanceLines lines, final Function<? super T, String> text, final int instance) {
        this.lines = lines;
        this.text = text;
        this.instance = instance;
    }

    @Override
    public Sink<T> instance(final int index, final int parallelism) {
        return new InstanceLineSink<>(lines, text, index);
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
        lines.finished(instance);
    }
}
