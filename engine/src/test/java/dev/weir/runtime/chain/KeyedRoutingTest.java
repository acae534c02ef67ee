package dev.weir.runtime.chain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.lmax.disruptor.EventPoller;
import dev.weir.event.StreamEvent;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.channel.Channel;
import dev.weir.state.CurrentKey;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyGroups;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A keyed edge routes each record by its key group (Flink's assignment) and hands the key it
 * routed by, with the key group, to the consumer in the slot: the keyed task computes neither
 * again. A single-channel keyed edge passes the key without a key group; a round-robin edge
 * passes neither. A key group outside the consuming instance's range is refused.
 */
final class KeyedRoutingTest {
    private static final int MAX_PARALLELISM = 128;

    /** Drains a channel into {@code "value key keyGroup"} lines. */
    private static List<String> drain(final Channel channel) throws Exception {
        final List<String> lines = new ArrayList<>();
        final EventPoller.Handler<StreamEvent> handler = (event, sequence, endOfBatch) -> {
            lines.add(event.value() + " " + event.key() + " " + event.keyGroup());
            event.release();
            return true;
        };
        channel.poll(handler);
        return lines;
    }

    private static Channel[] channels(final int count) {
        final Channel[] channels = new Channel[count];
        for (int i = 0; i < count; i++) {
            channels[i] = new Channel("edge[" + i + "]", 64, 1, new PipelineControl());
        }
        return channels;
    }

    @Test
    void aKeyedEdgeRoutesByKeyGroupAndPassesTheKeyAndItsGroup() throws Exception {
        final Channel[] channels = channels(2);
        final ChannelOutput<String> output = new ChannelOutput<>(channels, value -> value.substring(0, 1), MAX_PARALLELISM,
                new SideOutputs());
        final List<String> values = List.of("a1", "b1", "c1", "d1", "e1", "a2", "f1", "b2");
        final List<List<String>> expected = List.of(new ArrayList<>(), new ArrayList<>());
        for (final String value : values) {
            output.record(value, 7);
            final String key = value.substring(0, 1);
            final int keyGroup = KeyGroups.keyGroupOf(key, MAX_PARALLELISM);
            expected.get(KeyGroups.instanceFor(MAX_PARALLELISM, 2, keyGroup)).add(value + " " + key + " " + keyGroup);
        }
        assertEquals(expected.get(0), drain(channels[0]));
        assertEquals(expected.get(1), drain(channels[1]));
        assertEquals(8, expected.get(0).size() + expected.get(1).size());
    }

    @Test
    void aSingleChannelKeyedEdgePassesTheKeyWithoutComputingItsGroup() throws Exception {
        final Channel[] channels = channels(1);
        final ChannelOutput<String> output = new ChannelOutput<>(channels, value -> value.substring(0, 1), MAX_PARALLELISM,
                new SideOutputs());
        output.record("a1", 1);
        output.record("b1", 2);
        assertEquals(List.of("a1 a -1", "b1 b -1"), drain(channels[0]));
    }

    @Test
    void aRoundRobinEdgePassesNoKey() throws Exception {
        final Channel[] channels = channels(2);
        final ChannelOutput<String> output = new ChannelOutput<>(channels, null, MAX_PARALLELISM, new SideOutputs());
        output.record("x", 1);
        output.record("y", 2);
        output.record("z", 3);
        assertEquals(List.of("x null -1", "z null -1"), drain(channels[0]));
        assertEquals(List.of("y null -1"), drain(channels[1]));
    }

    @Test
    void aSlotReusedForAPlainRecordForgetsTheKeyOfTheKeyedRecordBefore() throws Exception {
        final Channel channel = new Channel("reuse", 1, 1, new PipelineControl());
        channel.writeKeyedRecord("keyed", 1, "k", 5);
        assertEquals(List.of("keyed k 5"), drain(channel));
        channel.writeRecord("plain", 2);
        assertEquals(List.of("plain null -1"), drain(channel));
    }

    @Test
    void aRoutedKeyGroupIsTrustedWithinTheRangeAndRefusedOutsideIt() {
        final CurrentKey<String> current = new CurrentKey<>(new KeyGroupRange(0, 63), MAX_PARALLELISM);
        current.set("a", 17);
        assertEquals("a", current.key());
        assertEquals(17, current.keyGroup(), "the routed group is taken as it is");
        final String inRange = "abcdefghijklmnopqrstuvwxyz".chars().mapToObj(c -> String.valueOf((char) c))
                .filter(key -> KeyGroups.keyGroupOf(key, MAX_PARALLELISM) < 64).findFirst().orElseThrow();
        current.set(inRange, -1);
        assertEquals(KeyGroups.keyGroupOf(inRange, MAX_PARALLELISM), current.keyGroup(), "-1: computed from the key");
        final IllegalArgumentException outside = assertThrows(IllegalArgumentException.class, () -> current.set("b", 64));
        assertEquals("key b is in key group 64, outside this instance's range " + new KeyGroupRange(0, 63), outside.getMessage());
    }
}
