package dev.weir.flink.translation;

import dev.weir.runtime.sink.Sink;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.util.CloseableIterator;

/**
 * A pipeline's Weir sink fed from Flink's collect mechanism ({@code DataStream.collectAsync}):
 * the job's collect sink keeps the results, the client in this JVM fetches them through the
 * JobManager's REST endpoint, wherever the job runs. One thread per sink hands them over, so that
 * a job with several sinks never waits for a full buffer that nobody drains. With Flink's
 * checkpointing on, the iterator gives only results a completed checkpoint covers, so a restarted
 * job hands none twice (Flink's {@code CheckpointedCollectResultBuffer}). Thread-safe.
 */
public final class CollectedSink {
    private final Sink<Object> sink;
    private final CloseableIterator<Object> results;
    private final String name;

    /**
     * @param sink the caller's sink
     * @param results the collect iterator of the sink's stream of {@link TimestampedResult}s
     * @param name the sink's name, for the thread
     */
    @SuppressWarnings("unchecked")
    CollectedSink(final Sink<?> sink, final CloseableIterator<Object> results, final String name) {
        this.sink = (Sink<Object>) sink;
        this.results = results;
        this.name = name;
    }

    /** @return the caller's sink */
    public Sink<Object> sink() {
        return sink;
    }

    /**
     * Starts handing the results to the sink on a thread of its own: {@code instance(0, 1)}, then
     * {@code accept(value, timestamp)} for each result in the order Flink's sink received them,
     * {@code finish()} once the job's results are all in, and {@code close()} in every case.
     *
     * @return completes when the results are all handed over; exceptionally if fetching them or
     *     the sink failed
     */
    public CompletableFuture<Void> start() {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        final Thread thread = new Thread(() -> drain(done), "weir-flink-results-" + name);
        thread.setDaemon(true);
        thread.start();
        return done;
    }

    private void drain(final CompletableFuture<Void> done) {
        final Sink<Object> instance = sink.instance(0, 1);
        try {
            while (results.hasNext()) {
                final TimestampedResult result = (TimestampedResult) results.next();
                instance.accept(result.value(), result.timestamp());
            }
            instance.finish();
            instance.close();
            done.complete(null);
        } catch (final RuntimeException | Error failed) {
            try {
                instance.close();
            } catch (final RuntimeException alsoFailed) {
                failed.addSuppressed(alsoFailed);
            }
            done.completeExceptionally(failed);
        }
    }

    /** Releases the iterator's resources; a drain still running then ends with a failure. */
    public void close() {
        try {
            results.close();
        } catch (final Exception ignored) {
            // the job is over or cancelled: nothing more to fetch or release
        }
    }
}
