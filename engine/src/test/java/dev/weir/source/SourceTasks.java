package dev.weir.source;

import dev.weir.clock.Clock;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.chain.ChainEnd;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.chain.SideOutputs;
import dev.weir.state.HeapStateBackend;
import dev.weir.time.WatermarkStrategy;
import java.util.List;

/** Builds source tasks whose chain ends in a test's chain end, to drive {@code doWork()} by hand on one thread. */
final class SourceTasks {
    private SourceTasks() {
    }

    /**
     * @param end where the source's records, watermarks and status go
     * @param strategy the source's timestamps and watermarks
     * @param clock processing time
     * @param <T> the record type
     * @return an emitter with an empty chain ending in {@code end}
     */
    static <T> SourceEmitter<T> emitter(final ChainEnd<?> end, final WatermarkStrategy<T> strategy, final Clock clock) {
        final OperatorChain chain = new OperatorChain(List.of(), List.of(), end, new SideOutputs(), clock, 0, 1, 128, HeapStateBackend.INSTANCE);
        return new SourceEmitter<>(strategy, clock, chain);
    }

    /**
     * @param reader the reader
     * @param emitter its emission path
     * @param <T> the record type
     * @return a task without alignment to drive by hand
     */
    static <T> SourceTask<T> task(final SourceReader<T> reader, final SourceEmitter<T> emitter) {
        return task(reader, emitter, new PipelineControl());
    }

    /**
     * @param reader the reader
     * @param emitter its emission path
     * @param alignment its alignment
     * @param <T> the record type
     * @return a task to drive by hand
     */
    static <T> SourceTask<T> task(final SourceReader<T> reader, final SourceEmitter<T> emitter, final SourceAlignment alignment) {
        return new SourceTask<>("test-source", reader, emitter, new PipelineControl(), alignment);
    }

    /**
     * @param reader the reader
     * @param emitter its emission path
     * @param control the pipeline's shared state, to inspect
     * @param <T> the record type
     * @return a task to drive by hand
     */
    static <T> SourceTask<T> task(final SourceReader<T> reader, final SourceEmitter<T> emitter, final PipelineControl control) {
        return new SourceTask<>("test-source", reader, emitter, control, null);
    }
}
