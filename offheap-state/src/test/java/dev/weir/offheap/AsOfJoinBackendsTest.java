package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.AsOfJoinFunction;
import dev.weir.operator.AsOfJoinOperator;
import dev.weir.operator.KeySelector;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.OperatorSnapshot;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.runtime.task.TwoInputOperatorInput;
import dev.weir.state.KeyGroups;
import dev.weir.timer.TimeDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The as-of join gives the same output, event for event, on the heap backend and on Chronicle Map
 * (a normal, a two-entry and a growing cache), and its state snapshotted on Chronicle in the
 * middle of a run and restored, onto Chronicle or the heap, resumes it with the same results
 * (those of one watermark compared as a set, since restored timers of one timestamp keep no key
 * order).
 */
class AsOfJoinBackendsTest {
    private static final KeySelector<String, String> KEY = value -> value.substring(0, value.indexOf(':'));
    private static final AsOfJoinFunction<String, String, String> PAIR =
            (left, right, ctx, out) -> out.collect(left + " " + (right == null ? "none" : right + "(" + ctx.rightTimestamp() + ")"));

    /** A snapshot entry or timer kept in memory. */
    private record Entry(String stateName, int keyGroup, Object key, Object namespace, Object value, long timestamp, boolean timer) {
    }

    /** One join instance on a backend, with its input side and events. */
    private static final class Instance {
        final AsOfJoinOperator<String, String, String, String> join = new AsOfJoinOperator<>(KEY, KEY, PAIR);
        final List<String> events = new ArrayList<>();
        final TwoInputOperatorInput<String, String> input;

        Instance(final Backends backends) {
            join.open(new OperatorContext("as-of", new VirtualClock(0), 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, backends.backend()),
                    new Output<String>() {
                        @Override
                        public void record(final String value, final long timestamp) {
                            events.add(value + "@" + timestamp);
                        }

                        @Override
                        public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
                            events.add("SIDE " + value + "@" + timestamp);
                        }

                        @Override
                        public void watermark(final long watermark) {
                            events.add("WM " + watermark);
                        }

                        @Override
                        public void status(final WatermarkStatus status) {
                            events.add("STATUS " + status);
                        }
                    });
            input = new TwoInputOperatorInput<>(join, 1, 1);
        }
    }

    /** Steps {@code from} to {@code to} of a run of 10,000 records over 40 keys, out of order, with watermarks that make some late. */
    private static void drive(final Instance instance, final int from, final int to) {
        final Random random = new Random(42);
        long time = 1000;
        long watermark = Long.MIN_VALUE;
        for (int i = 0; i < to; i++) {
            time += random.nextInt(3);
            final String value = "k" + random.nextInt(40) + ":" + i;
            final long timestamp = time - random.nextInt(300);
            final boolean left = random.nextBoolean();
            final boolean raise = i % 100 == 99 && time - 200 > watermark;
            if (raise) {
                watermark = time - 200;
            }
            if (i < from) {
                continue;
            }
            if (left) {
                instance.input.record1(value, timestamp);
            } else {
                instance.input.record2(value, timestamp);
            }
            if (raise) {
                instance.input.watermark(1, 0, watermark);
                instance.input.watermark(2, 0, watermark);
            }
        }
    }

    private static void end(final Instance instance) {
        instance.input.watermark(1, 0, Long.MAX_VALUE);
        instance.input.watermark(2, 0, Long.MAX_VALUE);
    }

    private static List<String> run(final Backends backends) {
        final Instance instance = new Instance(backends);
        drive(instance, 0, 10_000);
        end(instance);
        instance.join.close();
        return instance.events;
    }

    @Test
    void theJoinGivesTheSameResultsOnEveryBackend() {
        final List<String> heap = run(Backends.HEAP);
        assertTrue(heap.size() > 5000, heap.size() + " events");
        assertEquals(heap, run(Backends.CHRONICLE));
        assertEquals(heap, run(Backends.CHRONICLE_TINY_CACHE));
        assertEquals(heap, run(Backends.CHRONICLE_GROWING));
    }

    @Test
    void aSnapshotTakenOnChronicleResumesOnChronicleAndOnTheHeap() {
        final List<String> uninterrupted = perWatermark(run(Backends.HEAP));
        for (final Backends target : List.of(Backends.CHRONICLE_TINY_CACHE, Backends.HEAP)) {
            final Instance before = new Instance(Backends.CHRONICLE_TINY_CACHE);
            drive(before, 0, 5000); // record 4999 is followed by a watermark
            final List<Entry> snapshot = new ArrayList<>();
            before.join.snapshotState(new OperatorSnapshot() {
                @Override
                public void entry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
                    snapshot.add(new Entry(stateName, keyGroup, key, namespace, value, 0, false));
                }

                @Override
                public void timer(final TimeDomain domain, final long timestamp, final Object key, final Object namespace) {
                    snapshot.add(new Entry(null, -1, key, namespace, null, timestamp, true));
                }
            });
            final String lastWatermark = before.events.get(before.events.size() - 1);
            before.join.close();
            final Instance after = new Instance(target);
            for (final Entry entry : snapshot) {
                if (entry.timer()) {
                    after.join.restoreTimer(TimeDomain.EVENT_TIME, entry.timestamp(), entry.key(), entry.namespace());
                } else {
                    after.join.restoreStateEntry(entry.stateName(), entry.keyGroup(), entry.key(), entry.namespace(), entry.value());
                }
            }
            final long watermark = Long.parseLong(lastWatermark.substring("WM ".length()));
            after.input.watermark(1, 0, watermark);
            after.input.watermark(2, 0, watermark);
            drive(after, 5000, 10_000);
            end(after);
            after.join.close();
            final List<String> resumed = new ArrayList<>(before.events);
            resumed.addAll(after.events);
            assertEquals(uninterrupted, perWatermark(resumed), "restored onto " + target);
        }
    }

    /** @return the records, each watermark's results sorted, without the watermarks */
    private static List<String> perWatermark(final List<String> events) {
        final List<String> result = new ArrayList<>();
        final List<String> batch = new ArrayList<>();
        for (final String event : events) {
            if (event.startsWith("WM ")) {
                batch.sort(null);
                result.addAll(batch);
                batch.clear();
            } else {
                batch.add(event);
            }
        }
        batch.sort(null);
        result.addAll(batch);
        return result;
    }
}
