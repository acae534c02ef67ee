package dev.weir.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.state.KeyGroups;
import dev.weir.timer.TimeDomain;
import dev.weir.window.TimeWindow;
import java.io.File;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class SnapshotFileTest {
    @TempDir
    Path dir;

    /** A state value whose class a fresh JVM knows only from the file's type table. */
    record Quote(String symbol, long bid, double size, List<Long> ticks) {
    }

    private Path writeState() throws Exception {
        final Path file = dir.resolve("keyed-1.window-0.state");
        try (SnapshotFileWriter writer = SnapshotFileWriter.forState(file, 7, 128)) {
            writer.stateEntry("window-contents", 3, "AAPL", new TimeWindow(0, 1000), new Quote("AAPL", 101, 2.5, List.of(1L, 2L)));
            writer.stateEntry("count", 9, 42L, null, 17);
            writer.timer(TimeDomain.EVENT_TIME, 999, "AAPL", new TimeWindow(0, 1000));
            writer.timer(TimeDomain.PROCESSING_TIME, 5000, 42L, "ns");
            writer.finish();
        }
        return file;
    }

    private static List<String> readState(final Path file) {
        final List<String> read = new ArrayList<>();
        final long id = SnapshotFileReader.readState(file, new SnapshotEntryVisitor() {
            @Override
            public void stateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
                read.add("state " + stateName + " " + keyGroup + " " + key + " " + namespace + " " + value);
            }

            @Override
            public void timer(final TimeDomain domain, final int keyGroup, final long timestamp, final Object key, final Object namespace) {
                read.add(domain + " " + keyGroup + " " + timestamp + " " + key + " " + namespace);
            }
        });
        read.add("checkpoint " + id);
        return read;
    }

    @Test
    void stateEntriesAndTimersRoundTrip() throws Exception {
        final TimeWindow window = new TimeWindow(0, 1000);
        assertEquals(List.of(
                "state window-contents 3 AAPL " + window + " Quote[symbol=AAPL, bid=101, size=2.5, ticks=[1, 2]]",
                "state count 9 42 null 17",
                "EVENT_TIME " + KeyGroups.keyGroupOf("AAPL", 128) + " 999 AAPL " + window,
                "PROCESSING_TIME " + KeyGroups.keyGroupOf(42L, 128) + " 5000 42 ns",
                "checkpoint 7"), readState(writeState()));
    }

    @Test
    void aFreshRegistryLearnsTheClassesFromTheTypeTable() throws Exception {
        final Path file = writeState();
        final URL[] classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(entry -> {
                    try {
                        return Path.of(entry).toUri().toURL();
                    } catch (MalformedURLException e) {
                        throw new IllegalStateException(e);
                    }
                }).toArray(URL[]::new);
        final ClassLoader previous = Thread.currentThread().getContextClassLoader();
        // a second copy of Weir's classes: its StateSerializers has never seen Quote, as in a new JVM
        try (URLClassLoader fresh = new URLClassLoader(classPath, ClassLoader.getPlatformClassLoader())) {
            Thread.currentThread().setContextClassLoader(fresh);
            final Class<?> reader = fresh.loadClass(SnapshotFileReader.class.getName());
            final Class<?> visitorType = fresh.loadClass(SnapshotEntryVisitor.class.getName());
            assertNotSame(SnapshotFileReader.class, reader);
            final List<String> read = new ArrayList<>();
            final Object visitor = Proxy.newProxyInstance(fresh, new Class<?>[] {visitorType}, (proxy, method, args) -> {
                if ("stateEntry".equals(method.getName())) {
                    final boolean freshClass = args[4].getClass().getClassLoader() == fresh;
                    read.add("state " + args[0] + " " + args[2] + " " + args[4] + (freshClass ? " (fresh class)" : ""));
                }
                return null;
            });
            final Method readState = reader.getMethod("readState", Path.class, visitorType);

            assertEquals(7L, readState.invoke(null, file, visitor));
            assertEquals(List.of("state window-contents AAPL Quote[symbol=AAPL, bid=101, size=2.5, ticks=[1, 2]] (fresh class)",
                    "state count 42 17"), read);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    @Test
    void positionsRoundTrip() throws Exception {
        final Path file = dir.resolve("src-0-0.pos");
        try (SnapshotFileWriter writer = SnapshotFileWriter.forPositions(file, 3)) {
            writer.position(new Quote("split", 1, 0, List.of()));
            writer.finish();
        }
        final List<Object> positions = new ArrayList<>();
        assertEquals(3, SnapshotFileReader.readPositions(file, new SnapshotEntryVisitor() {
            @Override
            public void position(final Object position) {
                positions.add(position);
            }
        }));
        assertEquals(List.of(new Quote("split", 1, 0, List.of())), positions);
        final CheckpointException wrongKind = assertThrows(CheckpointException.class, () -> readState(file));
        assertTrue(wrongKind.getMessage().contains(file.toString()), wrongKind.getMessage());
    }

    @Test
    void aTruncatedOrCorruptedFileIsAnErrorNamingIt() throws Exception {
        final Path file = writeState();
        final byte[] bytes = Files.readAllBytes(file);

        Files.write(file, Arrays.copyOf(bytes, bytes.length - 10));
        final CheckpointException truncated = assertThrows(CheckpointException.class, () -> readState(file));
        assertEquals("checkpoint file " + file + " is damaged: not a complete Weir snapshot file (" + (bytes.length - 10) + " bytes)",
                truncated.getMessage());

        final byte[] flipped = bytes.clone();
        flipped[30] ^= 1;
        Files.write(file, flipped);
        final CheckpointException corrupted = assertThrows(CheckpointException.class, () -> readState(file));
        assertEquals("checkpoint file " + file + " is damaged: checksum mismatch", corrupted.getMessage());

        Files.delete(file);
        final CheckpointException missing = assertThrows(CheckpointException.class, () -> readState(file));
        assertEquals("checkpoint file " + file + " is missing", missing.getMessage());
    }
}
