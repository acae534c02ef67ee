package dev.weir.pipelines.telemetry;

import static dev.weir.pipelines.telemetry.JobRun.Step.metric;
import static dev.weir.pipelines.telemetry.JobRun.Step.packet;
import static dev.weir.pipelines.telemetry.JobRun.Step.watermark;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.codec.statsd.MetricType;
import dev.weir.pipelines.replay.ReplayContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** {@code silent-hosts}: the gap rule, the watermark, out-of-order and late packets, and the end of input. */
class SilentHostsJobTest {
    private static final long T0 = 1_700_000_000_000L;
    private static final String HEADER = "event,host,last_seen,at";

    private final SilentHostsJob job = new SilentHostsJob();
    private final ReplayContext context = new ReplayContext(warning -> { }, 1024);

    private List<String> run(final boolean bounded, final JobRun.Step... steps) {
        return JobRun.csv(job, List.of(steps), bounded, context);
    }

    /**
     * The rows per host, from a plain loop: the packets that are not late (at or behind the watermark when they
     * arrive), sorted; a row pair for each gap of 30 s or more; a silent row after the last packet if the last
     * watermark before the end reached its deadline. Also counts the late packets.
     */
    static Map<String, List<String>> oracle(final List<JobRun.Step> steps, final boolean bounded, final long[] late) {
        final Map<String, TreeSet<Long>> packets = new TreeMap<>();
        long watermark = Long.MIN_VALUE;
        long newest = Long.MIN_VALUE;
        for (final JobRun.Step step : steps) {
            if (step.watermark()) {
                watermark = Math.max(watermark, step.time());
                continue;
            }
            if (step.isPacket()) {
                if (step.time() <= watermark) {
                    late[0]++;
                } else {
                    packets.computeIfAbsent(step.host(), host -> new TreeSet<>()).add(step.time());
                }
            }
            newest = Math.max(newest, step.time());
            if (bounded) {
                watermark = Math.max(watermark, newest - JobRun.BOUND - 1);
            }
        }
        final Map<String, List<String>> rows = new TreeMap<>();
        for (final Map.Entry<String, TreeSet<Long>> host : packets.entrySet()) {
            final List<String> hostRows = new ArrayList<>();
            Long previous = null;
            for (final long time : host.getValue()) {
                if (previous != null && time - previous >= 30_000) {
                    hostRows.add("silent," + host.getKey() + "," + previous + "," + (previous + 30_000));
                    hostRows.add("resumed," + host.getKey() + "," + previous + "," + time);
                }
                previous = time;
            }
            if (previous + 30_000 <= watermark) {
                hostRows.add("silent," + host.getKey() + "," + previous + "," + (previous + 30_000));
            }
            rows.put(host.getKey(), hostRows);
        }
        return rows;
    }

    /** @return the rows printed, per host in the order printed */
    static Map<String, List<String>> byHost(final List<String> lines) {
        assertEquals(HEADER, lines.get(0));
        final Map<String, List<String>> rows = new TreeMap<>();
        for (final String line : lines.subList(1, lines.size())) {
            rows.computeIfAbsent(line.split(",")[1], host -> new ArrayList<>()).add(line);
        }
        return rows;
    }

    private void assertOracle(final boolean bounded, final List<JobRun.Step> steps) {
        final long[] late = new long[1];
        final Map<String, List<String>> expected = oracle(steps, bounded, late);
        expected.values().removeIf(List::isEmpty);
        final List<String> printed = JobRun.csv(job, steps, bounded, context);
        assertEquals(expected, byHost(printed));
        long previous = Long.MIN_VALUE;
        for (final String row : printed.subList(1, printed.size())) {
            final long at = Long.parseLong(row.split(",")[3]);
            assertTrue(at >= previous, "rows of all hosts come out in the order of their times: " + row + " after " + previous);
            previous = at;
        }
        assertEquals(late[0], context.lateSideOutput());
    }

    @Test
    void aGapOfExactly30SecondsCountsAndOneMillisecondLessDoesNot() {
        assertEquals(List.of(HEADER, "silent,h,1000,31000", "resumed,h,1000,31000"),
                run(true, packet("h", 1_000), packet("h", 31_000)));
        assertEquals(List.of(HEADER), run(true, packet("h", 1_000), packet("h", 30_999)));
        assertEquals(List.of(HEADER, "silent,h,30999,60999", "resumed,h,30999,90000"),
                run(true, packet("h", 1_000), packet("h", 30_999), packet("h", 90_000)));
    }

    @Test
    void endOfInputIsNotSilenceUnlessTheWatermarkPassedTheDeadlineBefore() {
        // other hosts drive the watermark to 1 ms short of the quiet host's deadline: nothing
        assertEquals(List.of(HEADER), run(true, packet("quiet", T0), packet("busy", T0 + 15_000), packet("busy", T0 + 31_000)));
        // and to the deadline itself: silent, never resumed
        assertEquals(List.of(HEADER, "silent,quiet," + T0 + "," + (T0 + 30_000)),
                run(true, packet("quiet", T0), packet("busy", T0 + 15_000), packet("busy", T0 + 31_001)));
        // a host alone: the MAX watermark at the end reports nothing after its last packet
        assertEquals(List.of(HEADER), run(true, packet("h", T0), packet("h", T0 + 10_000)));
    }

    @Test
    void aPacketBeforeTheWatermarkReachedTheDeadlineStillGivesBothRowsSilentFirst() {
        // explicit watermarks: the next packet arrives while the watermark is far behind the deadline
        assertEquals(List.of(HEADER, "silent,h," + T0 + "," + (T0 + 30_000), "resumed,h," + T0 + "," + (T0 + 45_000)),
                run(false, packet("h", T0), watermark(T0 + 5_000), packet("h", T0 + 45_000), watermark(T0 + 10_000)));
        // the rows come out when the watermark passes the deadline, then the packet, not before
        final List<String> steps = run(false, packet("h", T0), watermark(T0 + 1), packet("h", T0 + 45_000), watermark(T0 + 29_999));
        assertEquals(List.of(HEADER, "silent,h," + T0 + "," + (T0 + 30_000), "resumed,h," + T0 + "," + (T0 + 45_000)), steps);
    }

    @Test
    void rowsComeOutAsTheWatermarkPassesTheDeadlineAndTheReturn() {
        // and the watermark at the end of the input, 30 s after the return, is a silence again
        assertEquals(List.of("3 silent,h," + T0 + "," + (T0 + 30_000), "5 resumed,h," + T0 + "," + (T0 + 40_000),
                "6 silent,h," + (T0 + 40_000) + "," + (T0 + 70_000)),
                JobRun.timeline(job, List.of(packet("h", T0), watermark(T0 + 29_999), packet("h", T0 + 40_000), watermark(T0 + 30_000),
                        watermark(T0 + 39_999), watermark(T0 + 40_000), watermark(T0 + 70_000)), false, context));
        // with no watermark beyond the deadline, both rows wait for the end of input, silent first
        assertEquals(List.of("end silent,h," + T0 + "," + (T0 + 30_000), "end resumed,h," + T0 + "," + (T0 + 40_000)),
                JobRun.timeline(job, List.of(packet("h", T0), watermark(T0 + 29_999), packet("h", T0 + 40_000)), false, context));
        // the bounded watermarks of a replay: the silence shows once another host's packet moves it past the deadline
        assertEquals(List.of("2 silent,h," + T0 + "," + (T0 + 30_000), "end resumed,h," + T0 + "," + (T0 + 40_000)),
                JobRun.timeline(job, List.of(packet("h", T0), packet("other", T0 + 31_000), packet("other", T0 + 31_001),
                        packet("h", T0 + 40_000)), true, context));
    }

    @Test
    void oneWatermarkPassingSeveralHostsTimesGivesTheirRowsInTimeOrder() {
        // b's packet is taken under the same watermark that passes both deadlines: a's silence, earlier, comes first
        assertEquals(List.of(HEADER, "silent,a," + T0 + "," + (T0 + 30_000), "silent,b," + (T0 + 12_000) + "," + (T0 + 42_000),
                "resumed,a," + T0 + "," + (T0 + 45_000), "resumed,b," + (T0 + 12_000) + "," + (T0 + 50_000)),
                run(false, packet("a", T0), watermark(T0 + 1), packet("b", T0 + 12_000), packet("a", T0 + 45_000),
                        packet("b", T0 + 50_000), watermark(T0 + 60_000)));
    }

    @Test
    void packetsOutOfOrderWithinTheBoundFallBetweenTheirNeighbours() {
        // arrival order 0, 30 500, 29 800 would be a gap of 30 500; in event-time order the gaps are 29 800 and 700
        assertEquals(List.of(HEADER), run(true, packet("h", T0), packet("h", T0 + 30_500), packet("h", T0 + 29_800)));
        assertEquals(0, context.lateSideOutput());
        assertEquals(List.of(HEADER, "silent,h," + (T0 + 500) + "," + (T0 + 30_500), "resumed,h," + (T0 + 500) + "," + (T0 + 31_000)),
                run(true, packet("h", T0 + 500), packet("h", T0 + 31_000), packet("h", T0 + 300), packet("h", T0 + 500)));
    }

    @Test
    void aPacketBehindTheWatermarkIsLateCountedAndIgnored() {
        assertEquals(List.of(HEADER, "silent,h," + T0 + "," + (T0 + 30_000), "resumed,h," + T0 + "," + (T0 + 50_000)),
                run(true, packet("h", T0), packet("other", T0 + 40_000), packet("h", T0 + 20_000), packet("h", T0 + 50_000)));
        assertEquals(1, context.lateSideOutput());
    }

    @Test
    void metricsDoNotCountAsPacketsOnlyThePacketSamplesDo() {
        assertEquals(List.of(HEADER, "silent,h," + T0 + "," + (T0 + 30_000), "resumed,h," + T0 + "," + (T0 + 40_000)),
                run(true, packet("h", T0), metric("h", "m", MetricType.COUNTER, 1, T0 + 20_000), packet("h", T0 + 40_000)));
    }

    @Test
    void manyHostsWithGapsJitterAndLatePacketsMatchThePlainLoop() {
        final Random random = new Random(3);
        final List<JobRun.Step> steps = new ArrayList<>();
        final String[] hosts = {"10.0.0.1", "10.0.0.2", "10.0.0.3", "fe80::1", "fe80::2"};
        final long[] pausedUntil = new long[hosts.length];
        long time = T0;
        for (int i = 0; i < 5_000; i++) {
            time += random.nextInt(200);
            final int host = random.nextInt(hosts.length);
            if (time < pausedUntil[host]) {
                continue;
            }
            if (random.nextInt(400) == 0) {
                pausedUntil[host] = time + 25_000 + random.nextInt(10_000); // around the 30 s line
            }
            final long jitter = random.nextInt(50) == 0 ? 3_000 : random.nextInt(900); // mostly within the bound, some late
            steps.add(random.nextInt(4) == 0 ? metric(hosts[host], "m", MetricType.GAUGE, 1, time - jitter) : packet(hosts[host], time - jitter));
        }
        assertOracle(true, steps);
        assertTrue(context.lateSideOutput() > 0);
        final long[] late = new long[1];
        assertTrue(oracle(steps, true, late).values().stream().mapToInt(List::size).sum() > 10, "the input has gaps");
    }
}
