package dev.weir.pipelines.nexmark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Query 13's bounded side input: lines {@code key,value} in UTF-8, the key a whole number (a {@code BIGINT}), the
 * value the rest of the line after the first comma, as it is. A key may come on several lines: each of its values
 * joins. {@link #standard()} is the Nexmark project's side input, keys 0 to 9,999, each with its own decimal text as
 * the value, shipped as the resource {@value #STANDARD_RESOURCE}.
 */
public final class SideInput {
    /** The class path resource of {@link #standard()}. */
    public static final String STANDARD_RESOURCE = "/dev/weir/pipelines/nexmark/side_input.txt";
    private final Map<Long, List<String>> values;

    private SideInput(final Map<Long, List<String>> values) {
        this.values = values;
    }

    /**
     * @param file a side input file
     * @return its rows
     * @throws IllegalArgumentException naming the file and the line, for a line that is not {@code key,value}
     * @throws UncheckedIOException if the file cannot be read
     */
    public static SideInput load(final Path file) {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(reader, file.toString());
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read side input " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return the Nexmark project's side input: keys 0 to 9,999, values their decimal texts */
    public static SideInput standard() {
        try (InputStream in = SideInput.class.getResourceAsStream(STANDARD_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + STANDARD_RESOURCE + " on the class path");
            }
            return read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), STANDARD_RESOURCE);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + STANDARD_RESOURCE + ": " + e.getMessage(), e);
        }
    }

    private static SideInput read(final BufferedReader reader, final String source) throws IOException {
        final Map<Long, List<String>> values = new HashMap<>();
        int number = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            number++;
            final int comma = line.indexOf(',');
            if (comma < 0) {
                throw new IllegalArgumentException(source + ":" + number + ": expected key,value but the line has no comma: '" + line + "'");
            }
            final long key;
            try {
                key = Long.parseLong(line.substring(0, comma));
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException(source + ":" + number + ": the key '" + line.substring(0, comma)
                        + "' is not a whole number (BIGINT)", e);
            }
            values.computeIfAbsent(key, k -> new ArrayList<>()).add(line.substring(comma + 1));
        }
        return new SideInput(values);
    }

    /**
     * @param key a key
     * @return the values of its lines, in the file's order; empty when no line has the key
     */
    public List<String> values(final long key) {
        return values.getOrDefault(key, List.of());
    }

    /** @return how many lines the side input has */
    public int size() {
        return values.values().stream().mapToInt(List::size).sum();
    }
}
