package dev.weir.flink.source;

import dev.weir.source.Source;
import dev.weir.source.SourceReader;
import java.io.Serializable;

/**
 * A pipeline source fed by a {@link LocalHandoff}, for pipelines run by {@link dev.weir.flink.FlinkRunner} on a local target: the
 * translation reads it with a {@link FlinkHandoffSource} at parallelism 1, with the pipeline's watermark strategy as
 * Flink's, attributed when the handoff says so (docs/flink.md, "Feeding a local job from your own thread"). On Weir,
 * a pipeline is fed from the caller's thread through a {@code Publisher} instead, so Weir's scheduler refuses it.
 * Immutable.
 *
 * <pre>{@code
 * LocalHandoff<Tick> ticks = LocalHandoff.open(1024, Tick::new, Tick::copyInto);
 * pipeline.from("ticks", HandoffSource.of(ticks), watermarks, 1).keyBy(...)...;
 * FlinkJob job = FlinkRunner.start(pipeline, FlinkTarget.local(1).withTaskSinks());
 * }</pre>
 *
 * @param <E> the event type
 */
public final class HandoffSource<E> implements Source<E>, Serializable {
    private static final long serialVersionUID = 1L;

    private final String handoffId;

    private HandoffSource(final String handoffId) {
        this.handoffId = handoffId;
    }

    /**
     * @param handoff an open handoff
     * @param <E> the event type
     * @return a source that reads it
     */
    public static <E> HandoffSource<E> of(final LocalHandoff<E> handoff) {
        return new HandoffSource<>(handoff.id());
    }

    /**
     * @param <E> the event type
     * @return a source of no open handoff, to check a pipeline's translation without running it
     */
    public static <E> HandoffSource<E> unopened() {
        return new HandoffSource<>("unopened");
    }

    /** @return the id of the handoff it reads */
    public String handoffId() {
        return handoffId;
    }

    /** @throws UnsupportedOperationException always: the source runs on Flink only */
    @Override
    public SourceReader<E> createReader(final int instance, final int parallelism) {
        throw new UnsupportedOperationException("a HandoffSource runs on Flink only (FlinkRunner, a local target); on Weir, feed the"
                + " pipeline through a Publisher");
    }
}
