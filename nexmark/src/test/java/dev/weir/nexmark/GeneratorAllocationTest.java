package dev.weir.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Generating events into a pooled {@link Event} allocates nothing per event once warmed up (measured with the thread's
 * allocated-bytes counter), with the default configuration and with shuffled groups over several splits.
 */
@Tag("allocation")
class GeneratorAllocationTest {
    private static final int WARM_UP = 300_000;
    private static final int MEASURED = 1_000_000;

    private static long drain(final NexmarkGenerator generator, final Event event, final int events) {
        long sum = 0;
        for (int i = 0; i < events && generator.next(event); i++) {
            sum += switch (event.kind()) {
                case PERSON -> event.person().name().length() + event.person().extra().charAt(0);
                case AUCTION -> event.auction().expires() + event.auction().description().length();
                case BID -> event.bid().price() + event.bid().extra().length() + event.bid().url().length() + event.bid().channel().charAt(0);
            };
        }
        return sum;
    }

    private static void assertNoAllocationPerEvent(final GeneratorConfig config, final int split) {
        final NexmarkGenerator generator = new NexmarkGenerator(config, split);
        final Event event = new Event();
        drain(generator, event, WARM_UP);
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        final long before = threads.getThreadAllocatedBytes(threadId);
        final long sum = drain(generator, event, MEASURED);
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before;
        assertEquals((long) WARM_UP + MEASURED, generator.produced());
        assertTrue(sum > 0);
        assertTrue(allocated < MEASURED, "allocated " + allocated + " bytes for " + MEASURED + " events");
    }

    @Test
    void theDefaultStreamAllocatesNothingPerEvent() {
        assertNoAllocationPerEvent(GeneratorConfig.defaults().withEvents(0), 0);
    }

    @Test
    void aShuffledSplitAllocatesNothingPerEvent() {
        assertNoAllocationPerEvent(GeneratorConfig.defaults().withEvents(0).withGenerators(4).withOutOfOrderGroupSize(100)
                .withBaseTime(1_700_000_000_000L), 2);
    }
}
