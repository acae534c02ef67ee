package dev.weir.flink.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.junit.jupiter.api.Test;

/** {@link ScenarioSplitSerializer}: a split's position and the enumerator's pending splits survive a checkpoint. */
final class ScenarioSplitSerializerTest {
    @Test
    void aSplitKeepsItsPosition() throws IOException {
        final SimpleVersionedSerializer<ScenarioSplit> serializer = ScenarioSplitSerializer.split();
        for (final int position : new int[] {0, 1, 17, Integer.MAX_VALUE}) {
            final ScenarioSplit split = serializer.deserialize(serializer.getVersion(), serializer.serialize(new ScenarioSplit(position)));
            assertEquals(position, split.position());
            assertEquals(ScenarioSplit.ID, split.splitId());
        }
        assertThrows(IOException.class, () -> serializer.deserialize(serializer.getVersion() + 1, new byte[4]));
    }

    @Test
    void pendingSplitsKeepTheirOrder() throws IOException {
        final SimpleVersionedSerializer<List<ScenarioSplit>> serializer = ScenarioSplitSerializer.pending();
        for (final List<Integer> positions : List.of(List.<Integer>of(), List.of(0), List.of(5, 0, 9))) {
            final List<ScenarioSplit> splits = positions.stream().map(ScenarioSplit::new).collect(Collectors.toList());
            final List<ScenarioSplit> back = serializer.deserialize(serializer.getVersion(), serializer.serialize(splits));
            assertEquals(positions, back.stream().map(ScenarioSplit::position).collect(Collectors.toList()));
        }
    }
}
