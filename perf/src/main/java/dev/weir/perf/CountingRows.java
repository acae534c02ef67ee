package dev.weir.perf;

import dev.weir.pipelines.replay.ReplayProgress;
import java.util.function.Consumer;

/**
 * The CSV output of a benchmarked replay: counts the lines (the header, then the rows) and throws them away, and
 * on each row samples the replay thread's allocation against the packets read so far ({@link SteadyAllocation}). Rows arrive on the
 * replay's thread; not thread-safe.
 */
final class CountingRows implements Consumer<String> {
    private final SteadyAllocation allocation;
    private ReplayProgress progress;
    private long lines;

    /** @param allocation samples the allocation against packets read; its total is the capture's packets */
    CountingRows(final SteadyAllocation allocation) {
        this.allocation = allocation;
    }

    /** @param replayProgress the progress of the replay whose rows come here */
    void follow(final ReplayProgress replayProgress) {
        this.progress = replayProgress;
    }

    @Override
    public void accept(final String line) {
        lines++;
        // the CSV header comes before the replay builds its pipeline: sampling it would count the set-up as steady
        if (lines > 1 && progress != null) {
            allocation.sample(progress.packets());
        }
    }

    /** @return lines received: the CSV header and the rows */
    long lines() {
        return lines;
    }
}
