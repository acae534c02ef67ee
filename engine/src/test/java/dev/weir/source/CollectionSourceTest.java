package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CollectionSource: contiguous ranges per instance in list order, bounded batches, END after the range. */
class CollectionSourceTest {
    private static final List<Integer> TEN = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);

    private static List<String> readAll(final SourceReader<Integer> reader, final List<ReadStatus> statuses) throws Exception {
        final RecordingSourceOutput<Integer> output = new RecordingSourceOutput<>();
        ReadStatus status;
        do {
            status = reader.read(output);
            statuses.add(status);
        } while (status != ReadStatus.END);
        return output.events;
    }

    @Test
    void instancesReadContiguousRangesInListOrder() throws Exception {
        final CollectionSource<Integer> source = CollectionSource.of(TEN);
        final List<ReadStatus> statuses = new ArrayList<>();
        assertEquals(List.of("0", "1", "2"), readAll(source.createReader(0, 3), statuses));
        assertEquals(List.of("3", "4", "5"), readAll(source.createReader(1, 3), statuses));
        assertEquals(List.of("6", "7", "8", "9"), readAll(source.createReader(2, 3), statuses));
    }

    @Test
    void eachReadEmitsAtMostABatchAndTheLastOneEnds() throws Exception {
        final List<ReadStatus> statuses = new ArrayList<>();
        final List<String> records = readAll(CollectionSource.of(TEN).withBatchSize(4).createReader(0, 1), statuses);
        assertEquals(List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), records);
        assertEquals(List.of(ReadStatus.MORE, ReadStatus.MORE, ReadStatus.END), statuses);
    }

    @Test
    void anInstanceWithoutElementsEndsAtOnce() throws Exception {
        final List<ReadStatus> statuses = new ArrayList<>();
        assertEquals(List.of(), readAll(CollectionSource.of(List.of(7)).createReader(0, 2), statuses)); // instance 1 has [0, 1)
        assertEquals(List.of(ReadStatus.END), statuses);
    }

    @Test
    void badInstancesAndBatchSizesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> CollectionSource.of(TEN).createReader(2, 2));
        assertThrows(IllegalArgumentException.class, () -> CollectionSource.of(TEN).withBatchSize(0));
    }
}
