package dev.weir.perf.bench;

import dev.weir.api.StreamPipeline;
import dev.weir.perf.harness.BenchmarkedPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import dev.weir.source.Publisher;
import java.time.Duration;
import java.util.List;

/**
 * One run of a {@link NamedPipeline} on Weir, built by {@link WeirSystem}: publishes the harness's events, ends the
 * input and waits for the pipeline to drain. Every method is called on the harness's thread.
 *
 * @param <E> the event type
 */
final class WeirRun<E> implements BenchmarkedPipeline<E> {
    /** How long the end of a run may take to drain: far beyond any healthy run, short of hanging a benchmark. */
    private static final Duration DRAIN_LIMIT = Duration.ofMinutes(5);

    private final StreamPipeline weir;
    private final Publisher<E> publisher;
    private final NamedPipeline<E> pipeline;
    private final int batchSize;
    private int unflushed;
    private RunningPipeline running;

    /**
     * @param weir the built pipeline, not started
     * @param publisher its source
     * @param pipeline reads each event's timestamp
     * @param batchSize records per flush, or 0 to publish each record on its own
     */
    WeirRun(final StreamPipeline weir, final Publisher<E> publisher, final NamedPipeline<E> pipeline, final int batchSize) {
        this.weir = weir;
        this.publisher = publisher;
        this.pipeline = pipeline;
        this.batchSize = batchSize;
    }

    @Override
    public void start() {
        running = weir.start();
    }

    @Override
    public void send(final E event) {
        if (batchSize == 0) {
            publisher.publish(event, pipeline.timestampOf(event));
            return;
        }
        publisher.publishBatched(event, pipeline.timestampOf(event));
        if (++unflushed == batchSize) {
            unflushed = 0;
            publisher.flush();
        }
    }

    @Override
    public void finish() throws InterruptedException {
        publisher.end();
        final boolean ended = running.awaitTermination(DRAIN_LIMIT);
        running.close();
        if (!ended) {
            throw new IllegalStateException("the Weir pipeline '" + pipeline.name() + "' did not drain within " + DRAIN_LIMIT.toMinutes()
                    + " minutes of its input's end");
        }
    }

    @Override
    public List<Thread> threads() {
        return running.threads();
    }
}
