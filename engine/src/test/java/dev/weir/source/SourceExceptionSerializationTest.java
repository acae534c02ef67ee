package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A source's file errors keep their file, line and message through Java serialization: a job on
 * another engine (Flink) hands its failure to the caller serialized, and the command line names
 * the file and line from it.
 */
final class SourceExceptionSerializationTest {
    private static final Path FILE = Path.of("data", "trades-1.csv");

    @SuppressWarnings("unchecked")
    private static <T> T copy(final T value) throws IOException, ClassNotFoundException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    @Test
    void aParseErrorKeepsItsFileLineAndMessage() throws Exception {
        final SourceParseException copy = copy(new SourceParseException(FILE, 42, new IllegalArgumentException("field 'ts': 'x'")));
        assertEquals(FILE, copy.file());
        assertEquals(42, copy.line());
        assertEquals("data/trades-1.csv:42: field 'ts': 'x'", copy.getMessage());
    }

    @Test
    void aFileErrorKeepsItsFileAndMessage() throws Exception {
        final SourceFileException original = new SourceFileException(FILE, "no such file", new NoSuchFileException(FILE.toString()));
        final SourceFileException copy = copy(original);
        assertEquals(FILE, copy.file());
        assertEquals(original.getMessage(), copy.getMessage());
        assertEquals(original.reason(), copy.reason());
    }

    @Test
    void aChangedFileErrorKeepsItsFileAndMessage() throws Exception {
        final SourceFileChangedException original = new SourceFileChangedException(FILE, 1024, "it is shorter");
        final SourceFileChangedException copy = copy(original);
        assertEquals(FILE, copy.file());
        assertEquals(original.getMessage(), copy.getMessage());
    }
}
