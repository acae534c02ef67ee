package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.clock.VirtualClock;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.CoBroadcastWithKeyedOperator;
import dev.weir.operator.Collector;
import dev.weir.operator.KeyedBroadcastProcessFunction;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.OutputTag;
import dev.weir.state.KeyGroups;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.ValueState;
import dev.weir.state.ValueStateDescriptor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A keyed broadcast function's {@code applyToKeyedState} visits the same keys' state on every
 * backend, off-heap ones included (whose cached entries are written through first), and a state it
 * clears there is gone for the keyed side.
 */
final class KeyedBroadcastBackendsTest {
    private static final MapStateDescriptor<String, String> LABELS = new MapStateDescriptor<>("labels", String.class, String.class);
    private static final ValueStateDescriptor<Long> COUNT = new ValueStateDescriptor<>("count");

    private static List<String> run(final Backends backends) {
        final List<String> events = new ArrayList<>();
        final CoBroadcastWithKeyedOperator<String, String, String, String> operator = new CoBroadcastWithKeyedOperator<>(
                value -> value.substring(0, value.indexOf(':')), new KeyedBroadcastProcessFunction<String, String, String, String>() {
                    @Override
                    public void processElement(final String value, final ReadOnlyContext<String> ctx, final Collector<String> out) {
                        final ValueState<Long> count = ctx.state(COUNT);
                        count.update(count.value() == null ? 1 : count.value() + 1);
                    }

                    @Override
                    public void processBroadcastElement(final String value, final Context<String> ctx, final Collector<String> out) {
                        final List<String> counts = new ArrayList<>();
                        ctx.applyToKeyedState(COUNT, (key, count) -> {
                            counts.add(key + "=" + count.value());
                            if (key.equals(value)) {
                                count.clear();
                            }
                        });
                        Collections.sort(counts);
                        out.collect("counts " + counts + ", cleared " + value);
                    }
                }, List.of(LABELS));
        operator.open(new OperatorContext("broadcast", new VirtualClock(0), 0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM, backends.backend()),
                new Output<String>() {
                    @Override
                    public void record(final String value, final long timestamp) {
                        events.add(value + "@" + timestamp);
                    }

                    @Override
                    public <X> void sideOutput(final OutputTag<X> tag, final X value, final long timestamp) {
                        events.add("SIDE " + value);
                    }

                    @Override
                    public void watermark(final long watermark) {
                    }

                    @Override
                    public void status(final WatermarkStatus status) {
                    }
                });
        for (int i = 0; i < 30; i++) {
            operator.processRecord1("k" + i % 7 + ":" + i, i);
        }
        operator.processRecord2("k3", 100);
        operator.processRecord1("k3:x", 101);
        operator.processRecord2("none", 102);
        operator.close();
        return events;
    }

    @Test
    void applyToKeyedStateVisitsTheSameKeysOnEveryBackend() {
        final List<String> heap = run(Backends.HEAP);
        assertEquals(List.of("counts [k0=5, k1=5, k2=4, k3=4, k4=4, k5=4, k6=4], cleared k3@100",
                "counts [k0=5, k1=5, k2=4, k3=1, k4=4, k5=4, k6=4], cleared none@102"), heap);
        assertEquals(heap, run(Backends.CHRONICLE));
        assertEquals(heap, run(Backends.CHRONICLE_TINY_CACHE));
        assertEquals(heap, run(Backends.CHRONICLE_GROWING));
    }
}
