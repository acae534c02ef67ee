package dev.weir.testing;

import dev.weir.api.StreamPipeline;
import dev.weir.clock.Clock;
import dev.weir.clock.NanoClock;
import dev.weir.clock.SystemClock;
import dev.weir.clock.SystemNanoClock;
import dev.weir.clock.VirtualClock;
import dev.weir.runtime.PipelineExecutionException;
import dev.weir.runtime.deterministic.DeterministicPipeline;
import dev.weir.runtime.threaded.RunningPipeline;
import java.time.Duration;
import java.util.List;

/**
 * The two schedulers a built pipeline can run on, for tests that hold both to the same results:
 * {@link #runToEnd} runs a pipeline with bounded sources until every task has ended and returns
 * what its {@link Lines} sink received. The threaded scheduler runs on the system clock, the
 * deterministic one on a virtual clock that starts at 0 and moves only when every task is idle.
 */
public enum Scheduler {
    /** {@link StreamPipeline#start()}: a thread per task, results in any interleaving. */
    THREADED {
        @Override
        public Clock processingTime() {
            return SystemClock.INSTANCE;
        }

        @Override
        public Started start(final StreamPipeline pipeline, final Clock processingTime) {
            final RunningPipeline running = pipeline.clock(processingTime).start();
            return new Started() {
                @Override
                public void awaitEnd() {
                    try {
                        if (!running.awaitTermination(TIMEOUT)) {
                            throw new AssertionError("pipeline did not end within " + TIMEOUT);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new AssertionError("interrupted", e);
                    }
                }

                @Override
                public void close() {
                    running.close();
                }
            };
        }
    },
    /** {@link StreamPipeline#startDeterministic}: the calling thread runs every task in a fixed order. */
    DETERMINISTIC {
        @Override
        public Clock processingTime() {
            return new VirtualClock(0);
        }

        @Override
        public Started start(final StreamPipeline pipeline, final Clock processingTime) {
            final DeterministicPipeline running = pipeline.startDeterministic((VirtualClock) processingTime);
            return new Started() {
                @Override
                public void awaitEnd() {
                    running.runToEnd();
                }

                @Override
                public void close() {
                    running.close();
                }
            };
        }
    };

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** @return a processing time for one run on this scheduler: the system clock, or a new virtual clock at 0 */
    public abstract Clock processingTime();

    /** A pipeline started on a scheduler, fed by the test's thread (through publishers) or by bounded sources. */
    public interface Started extends AutoCloseable {
        /**
         * Waits until every task has ended (threaded) or runs the tasks until then (deterministic).
         *
         * @throws PipelineExecutionException if a task failed
         */
        void awaitEnd();

        /** Stops the pipeline; idempotent. */
        @Override
        void close();
    }

    /**
     * @param pipeline built, not started
     * @param processingTime from {@link #processingTime()} of this scheduler
     * @return the started pipeline
     */
    public abstract Started start(StreamPipeline pipeline, Clock processingTime);

    /**
     * @param pipeline built, not started
     * @return the pipeline started on a fresh {@link #processingTime()}
     */
    public Started start(final StreamPipeline pipeline) {
        return start(pipeline, processingTime());
    }

    /**
     * @param processingTime a clock from {@link #processingTime()}
     * @return nanoseconds on the same time line, for sources paced by a {@link NanoClock}
     */
    public static NanoClock nanos(final Clock processingTime) {
        return processingTime == SystemClock.INSTANCE ? SystemNanoClock.INSTANCE : () -> processingTime.millis() * 1_000_000;
    }

    /**
     * Runs a pipeline to its end on a fresh {@link #processingTime()}.
     *
     * @param pipeline built, not started, its sources bounded
     * @param output the sink the pipeline was built with
     * @return the lines the sink received, in arrival order
     * @throws PipelineExecutionException if a task failed
     */
    public List<String> runToEnd(final StreamPipeline pipeline, final Lines output) {
        return runToEnd(pipeline, processingTime(), output);
    }

    /**
     * Runs a pipeline to its end on a given processing time (one its sources were built with).
     *
     * @param pipeline built, not started, its sources bounded
     * @param processingTime from {@link #processingTime()} of this scheduler
     * @param output the sink the pipeline was built with
     * @return the lines the sink received, in arrival order
     * @throws PipelineExecutionException if a task failed
     */
    public List<String> runToEnd(final StreamPipeline pipeline, final Clock processingTime, final Lines output) {
        try (Started started = start(pipeline, processingTime)) {
            started.awaitEnd();
        }
        return output.lines();
    }
}
