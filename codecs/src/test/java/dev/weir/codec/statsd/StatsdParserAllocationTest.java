package dev.weir.codec.statsd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Once warmed up, parsing lines, reading their values and tags and counting bad lines allocates nothing. */
@Tag("allocation")
class StatsdParserAllocationTest {
    private static final String PAYLOAD = "api.hits:1|c|@0.5|#env:prod,host:a1\n"
            + "queue.depth:+3|g\n"
            + "queue.depth:17.25|g|#env:prod\n"
            + "db.query:320.5|ms|#env:prod,db:main,canary\r\n"
            + "payload:1e3|h\n"
            + "latency:2.5E-3|d|@0.1\n"
            + "users:alice|s|#env:prod\n"
            + "bad line\n"
            + "x:1|c|@7\n";

    /** Sums what a consumer would read, so that none of it is optimised away. */
    private static final class Consumer implements StatsdMetricHandler, MalformedLineListener {
        private final ByteSpan tag = new ByteSpan();
        private final ByteSpan users;
        private double sum;
        private long hashes;
        private long sets;
        private long malformed;

        Consumer(final ByteSpan users) {
            this.users = users;
        }

        @Override
        public void onMetric(final StatsdMetric metric) {
            hashes += metric.name().contentHash();
            if (metric.type() == MetricType.SET) {
                sets += metric.name().contentEquals(users) ? 1 : 0;
            } else {
                sum += metric.value() / metric.sampleRate() + (metric.isDelta() ? 1 : 0);
            }
            for (int i = 0; i < metric.tagCount(); i++) {
                hashes += metric.tagValue(i, tag).contentHash();
            }
        }

        @Override
        public void onMalformed(final int lineOffset, final MalformedReason reason) {
            malformed += lineOffset + reason.ordinal();
        }
    }

    @Test
    void steadyStateParsingAllocatesNothingPerLine() {
        final UnsafeBuffer buffer = Payloads.inBuffer(PAYLOAD);
        final int length = Payloads.length(PAYLOAD);
        final StatsdParser parser = new StatsdParser();
        final Consumer consumer = new Consumer(new ByteSpan().wrap(buffer, Payloads.OFFSET + PAYLOAD.indexOf("users"), 5));
        final MalformedLineReport report = new MalformedLineReport(new StringBuilder());
        final int warmUp = 20_000;
        for (int i = 0; i < warmUp; i++) {
            parser.parse(buffer, Payloads.OFFSET, length, consumer, consumer);
            parser.parse(buffer, Payloads.OFFSET, length, consumer, report.packet(i));
        }
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        threads.getThreadAllocatedBytes(thread);
        final long before = threads.getThreadAllocatedBytes(thread);
        final int datagrams = 100_000;
        int metrics = 0;
        for (int i = 0; i < datagrams; i++) {
            metrics += parser.parse(buffer, Payloads.OFFSET, length, consumer, consumer);
            metrics += parser.parse(buffer, Payloads.OFFSET, length, consumer, report.packet(i));
        }
        final long allocated = threads.getThreadAllocatedBytes(thread) - before;
        // the JIT may still allocate a few hundred bytes once; one object per line would be tens of megabytes
        assertTrue(allocated < datagrams, "allocated " + allocated + " bytes for " + datagrams * 2 * 9 + " lines");
        assertEquals(datagrams * 2 * 7, metrics);
        final long total = (long) (warmUp + datagrams) * 2;
        assertEquals(total, consumer.sets, "one set line per datagram");
        assertEquals(total, report.total(), "two bad lines in each datagram parsed for the report");
        final double perDatagram = 1 / 0.5 + 3 + 1 + 17.25 + 320.5 + 1000 + 0.0025 / 0.1;
        assertEquals(perDatagram * total, consumer.sum, 1e-6 * perDatagram * total);
    }
}
