package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.checkpoint.CheckpointException;
import dev.weir.checkpoint.SnapshotEntryVisitor;
import dev.weir.checkpoint.SnapshotFileReader;
import dev.weir.checkpoint.SnapshotFileWriter;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyGroups;
import dev.weir.state.KeyedStateBackend;
import dev.weir.state.LongMapState;
import dev.weir.state.LongMapStateDescriptor;
import dev.weir.state.MapState;
import dev.weir.state.MapStateDescriptor;
import dev.weir.state.StateSerializers;
import dev.weir.state.VoidNamespace;
import dev.weir.window.TimeWindow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Map state goes through checkpoint files (the real {@link SnapshotFileWriter} and
 * {@link SnapshotFileReader}) and is re-split by key group: one instance's snapshot restores
 * into three, which change it and restore into one again, on every backend and from the heap
 * into Chronicle; the contents and the ascending order of {@code Long} keys match a model of
 * the state throughout. A map written in a layout this version does not know is refused.
 */
class MapStateRescaleTest {
    private static final int MAX_PARALLELISM = 128;
    private static final TimeWindow W1 = new TimeWindow(0, 1000);
    private static final LongMapStateDescriptor<String> BUFFER = new LongMapStateDescriptor<>("left-buffer", String.class);
    private static final MapStateDescriptor<String, Long> COUNTS = new MapStateDescriptor<>("counts", String.class, Long.class);

    @TempDir
    Path dir;

    private final List<KeyedStateBackend<?>> opened = new ArrayList<>();
    /** The model: "key|namespace" to the buffer's entries and to the counts, in the order the state must give them. */
    private final Map<String, TreeMap<Long, String>> buffers = new TreeMap<>();
    private final Map<String, List<String>> counts = new TreeMap<>();

    @AfterEach
    void closeBackends() {
        for (final KeyedStateBackend<?> backend : opened) {
            backend.close();
        }
    }

    private KeyedStateBackend<String> backend(final Backends kind, final KeyGroupRange range) {
        final KeyedStateBackend<String> backend = kind.create(range, MAX_PARALLELISM);
        opened.add(backend);
        return backend;
    }

    private static String key(final int k) {
        return "k" + k;
    }

    /** Buffers and counts for 60 keys, the buffer's timestamps arriving out of order, some in a second namespace. */
    private void fill(final KeyedStateBackend<String> backend) {
        final LongMapState<String> buffer = backend.state(BUFFER);
        final MapState<String, Long> count = backend.state(COUNTS);
        for (int k = 0; k < 60; k++) {
            backend.setCurrentKey(key(k));
            for (final Object namespace : k % 4 == 0 ? List.of(VoidNamespace.INSTANCE, W1) : List.of(VoidNamespace.INSTANCE)) {
                buffer.setNamespace(namespace);
                for (int i = 0; i < 12; i++) {
                    final long timestamp = 1000L * ((i * 7) % 12) + k;
                    buffer.putAt(timestamp, "r" + k + "@" + timestamp);
                    buffers.computeIfAbsent(key(k) + "|" + namespace, x -> new TreeMap<>()).put(timestamp, "r" + k + "@" + timestamp);
                }
            }
            count.setNamespace(VoidNamespace.INSTANCE);
            final List<String> order = new ArrayList<>();
            for (final String symbol : List.of("MSFT", "AAPL", "NVDA")) {
                count.put(symbol, (long) k);
                order.add(symbol + "=" + k);
            }
            counts.put(key(k), order);
        }
    }

    /** Changes made after the first restore: buckets removed (cleanup), new timestamps, one key cleared. */
    private void change(final List<KeyedStateBackend<String>> instances) {
        for (int k = 0; k < 60; k += 3) {
            final KeyedStateBackend<String> backend = owner(instances, key(k));
            final LongMapState<String> buffer = backend.state(BUFFER);
            backend.setCurrentKey(key(k));
            buffer.setNamespace(VoidNamespace.INSTANCE);
            final TreeMap<Long, String> model = buffers.get(key(k) + "|" + VoidNamespace.INSTANCE);
            buffer.remove(model.firstKey());
            model.remove(model.firstKey());
            buffer.putAt(20_000 + k, "late" + k);
            model.put(20_000L + k, "late" + k);
        }
        final KeyedStateBackend<String> backend = owner(instances, key(8));
        backend.setCurrentKey(key(8));
        final LongMapState<String> buffer = backend.state(BUFFER);
        buffer.setNamespace(W1);
        buffer.clear();
        buffers.remove(key(8) + "|" + W1);
    }

    private static KeyedStateBackend<String> owner(final List<KeyedStateBackend<String>> instances, final String key) {
        final int keyGroup = KeyGroups.keyGroupOf(key, MAX_PARALLELISM);
        for (final KeyedStateBackend<String> instance : instances) {
            if (instance.keyGroupRange().contains(keyGroup)) {
                return instance;
            }
        }
        throw new AssertionError("no instance owns key group " + keyGroup);
    }

    private List<Path> checkpoint(final List<KeyedStateBackend<String>> instances, final String name) throws IOException {
        final List<Path> files = new ArrayList<>();
        for (int i = 0; i < instances.size(); i++) {
            final Path file = dir.resolve(name + "-" + i + ".state");
            final KeyedStateBackend<String> backend = instances.get(i);
            backend.flush();
            try (SnapshotFileWriter writer = SnapshotFileWriter.forState(file, 1, MAX_PARALLELISM)) {
                backend.snapshot((stateName, keyGroup, key, namespace, value) -> {
                    try {
                        writer.stateEntry(stateName, keyGroup, key, namespace, value);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                writer.finish();
            }
            files.add(file);
        }
        return files;
    }

    /** Every instance reads every file and keeps the entries of its key groups, as a restore does. */
    private List<KeyedStateBackend<String>> restore(final Backends kind, final List<Path> files, final int parallelism) {
        final List<KeyedStateBackend<String>> instances = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            final KeyedStateBackend<String> backend = backend(kind, KeyGroups.rangeFor(MAX_PARALLELISM, parallelism, i));
            for (final Path file : files) {
                SnapshotFileReader.readState(file, new SnapshotEntryVisitor() {
                    @Override
                    public void stateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace,
                            final Object value) {
                        if (backend.keyGroupRange().contains(keyGroup)) {
                            backend.restoreEntry(stateName, keyGroup, key, namespace, value);
                        }
                    }
                });
            }
            instances.add(backend);
        }
        return instances;
    }

    /** Asserts that the instances hold exactly the model, in its order, each key in the instance that owns it. */
    private void assertHoldTheModel(final List<KeyedStateBackend<String>> instances) {
        long entries = 0;
        for (final KeyedStateBackend<String> instance : instances) {
            entries += instance.entryCount();
        }
        assertEquals(buffers.size() + counts.size(), entries, "one entry per key and namespace and state");
        for (int k = 0; k < 60; k++) {
            final KeyedStateBackend<String> backend = owner(instances, key(k));
            final LongMapState<String> buffer = backend.state(BUFFER);
            final MapState<String, Long> count = backend.state(COUNTS);
            backend.setCurrentKey(key(k));
            for (final Object namespace : List.of(VoidNamespace.INSTANCE, W1)) {
                buffer.setNamespace(namespace);
                final TreeMap<Long, String> model = buffers.get(key(k) + "|" + namespace);
                final List<String> seen = new ArrayList<>();
                for (final Map.Entry<Long, String> entry : buffer.entries()) {
                    seen.add(entry.getKey() + "=" + entry.getValue());
                }
                final List<String> expected = new ArrayList<>();
                if (model != null) {
                    model.forEach((timestamp, value) -> expected.add(timestamp + "=" + value));
                }
                assertEquals(expected, seen, key(k) + " in " + namespace);
            }
            count.setNamespace(VoidNamespace.INSTANCE);
            final List<String> seen = new ArrayList<>();
            for (final Map.Entry<String, Long> entry : count.entries()) {
                seen.add(entry.getKey() + "=" + entry.getValue());
            }
            assertEquals(counts.get(key(k)), seen, key(k) + "'s counts in first-put order");
        }
    }

    private void oneToThreeToOne(final Backends from, final Backends to) throws IOException {
        final KeyedStateBackend<String> single = backend(from, new KeyGroupRange(0, MAX_PARALLELISM - 1));
        fill(single);
        assertHoldTheModel(List.of(single));
        final List<Path> first = checkpoint(List.of(single), "one");

        final List<KeyedStateBackend<String>> three = restore(to, first, 3);
        assertHoldTheModel(three);
        for (final KeyedStateBackend<String> instance : three) {
            assertEquals(true, instance.entryCount() > 0, "each of the three holds some keys: " + instance.keyGroupRange());
        }
        change(three);
        assertHoldTheModel(three);
        final List<Path> second = checkpoint(three, "three");

        final List<KeyedStateBackend<String>> back = restore(to, second, 1);
        assertHoldTheModel(back);
        final TreeSet<String> restoredNames = new TreeSet<>();
        back.get(0).snapshot((stateName, keyGroup, key, namespace, value) -> restoredNames.add(stateName));
        assertEquals(new TreeSet<>(List.of("counts", "left-buffer")), restoredNames);
    }

    @ParameterizedTest
    @EnumSource(Backends.class)
    void mapStateRestoresFromOneInstanceIntoThreeAndBackIntoOne(final Backends kind) throws IOException {
        oneToThreeToOne(kind, kind);
    }

    @Test
    void aHeapCheckpointRestoresIntoChronicle() throws IOException {
        oneToThreeToOne(Backends.HEAP, Backends.CHRONICLE_TINY_CACHE);
    }

    @Test
    void aMapWrittenInAnUnknownLayoutIsRefusedByName() throws IOException {
        final KeyedStateBackend<String> backend = backend(Backends.HEAP, new KeyGroupRange(0, MAX_PARALLELISM - 1));
        final LongMapState<String> buffer = backend.state(BUFFER);
        backend.setCurrentKey("k1");
        buffer.setNamespace(VoidNamespace.INSTANCE);
        buffer.putAt(77, "x");
        final Path file = checkpoint(List.of(backend), "layout").get(0);

        // as a later version might write it: the map's layout byte (after its type id) raised to 2, checksum made valid
        final byte[] bytes = Files.readAllBytes(file);
        final ByteBuffer typeId = ByteBuffer.allocate(5).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(StateSerializers.typeId(dev.weir.state.SortedLongMap.class)).put((byte) 1);
        final int at = indexOf(bytes, typeId.array());
        bytes[at + 4] = 2;
        final CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 8);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(bytes.length - 8, (int) crc.getValue());
        Files.write(file, bytes);

        final CheckpointException e = assertThrows(CheckpointException.class,
                () -> SnapshotFileReader.readState(file, new SnapshotEntryVisitor() { }));
        assertEquals("checkpoint file " + file + " holds a value that cannot be read here: a map state with Long keys is"
                + " written in layout 2, this version of Weir reads layout 1 only", e.getMessage());
    }

    private static int indexOf(final byte[] bytes, final byte[] pattern) {
        for (int i = 0; i + pattern.length <= bytes.length; i++) {
            boolean match = true;
            for (int j = 0; j < pattern.length && match; j++) {
                match = bytes[i + j] == pattern[j];
            }
            if (match) {
                return i;
            }
        }
        throw new AssertionError("no map in the file");
    }
}
