package dev.weir.jobs.file;

import dev.weir.codec.input.DecimalLong;
import dev.weir.codec.input.QuotedText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** One YAML mapping of a job file, read with line numbers for error messages. */
final class YamlSection {
    private final String file;
    private final String path;
    private final int line;
    private final Map<String, Node> values = new LinkedHashMap<>();
    private final Map<String, Integer> keyLines = new LinkedHashMap<>();

    private YamlSection(final String file, final String path, final MappingNode node) {
        this.file = file;
        this.path = path;
        this.line = node.getStartMark().getLine() + 1;
        for (final NodeTuple tuple : node.getValue()) {
            final Node keyNode = tuple.getKeyNode();
            final int keyLine = keyNode.getStartMark().getLine() + 1;
            if (!(keyNode instanceof ScalarNode)) {
                throw new JobFileException(file, keyLine, path.isEmpty() ? null : path, "keys must be plain names");
            }
            final String key = ((ScalarNode) keyNode).getValue();
            if (values.containsKey(key)) {
                throw new JobFileException(file, keyLine, qualified(key), "is given twice (first on line " + keyLines.get(key) + ")");
            }
            values.put(key, tuple.getValueNode());
            keyLines.put(key, keyLine);
        }
    }

    static YamlSection root(final String file, final Node node) {
        if (!(node instanceof MappingNode)) {
            throw new JobFileException(file, node.getStartMark().getLine() + 1, null, "a job file must be a YAML mapping of keys to values");
        }
        return new YamlSection(file, "", (MappingNode) node);
    }

    String qualified(final String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    int line() {
        return line;
    }

    int line(final String key) {
        final Integer keyLine = keyLines.get(key);
        return keyLine == null ? line : keyLine;
    }

    boolean has(final String key) {
        return values.containsKey(key);
    }

    /** Rejects keys this section does not know, listing the ones it does. */
    void onlyKeys(final List<String> valid) {
        for (final String key : values.keySet()) {
            if (!valid.contains(key)) {
                throw new JobFileException(file, line(key), null, "unknown key " + QuotedText.of(qualified(key)) + " (valid keys"
                        + (path.isEmpty() ? "" : " in '" + path + "'") + ": " + String.join(", ", valid) + ")");
            }
        }
    }

    /** Rejects keys that do not apply to the chosen variant. */
    void notApplicable(final List<String> keys, final String because) {
        for (final String key : keys) {
            if (has(key)) {
                throw new JobFileException(file, line(key), qualified(key), "does not apply " + because);
            }
        }
    }

    YamlSection section(final String key) {
        final Node node = values.get(key);
        if (node == null) {
            return null;
        }
        if (!(node instanceof MappingNode)) {
            throw new JobFileException(file, line(key), qualified(key), "must be a mapping of keys to values");
        }
        return new YamlSection(file, qualified(key), (MappingNode) node);
    }

    String string(final String key) {
        final Node node = values.get(key);
        if (node == null) {
            return null;
        }
        if (!(node instanceof ScalarNode)) {
            throw new JobFileException(file, line(key), qualified(key), "must be a single value");
        }
        return ((ScalarNode) node).getValue().trim();
    }

    String requiredString(final String key, final String hint) {
        final String value = string(key);
        if (value == null || value.isEmpty()) {
            throw new JobFileException(file, has(key) ? line(key) : line, qualified(key), "is required" + hint);
        }
        return value;
    }

    long longValue(final String key, final long defaultValue, final long min) {
        return longValue(key, defaultValue, min, Long.MAX_VALUE, "");
    }

    /**
     * @param max the largest value allowed; {@code Long.MAX_VALUE} for no bound but 64 bits
     * @param why appended to the range in messages, e.g. {@code " (the number of key groups)"}
     */
    long longValue(final String key, final long defaultValue, final long min, final long max, final String why) {
        final String text = string(key);
        if (text == null || text.isEmpty()) {
            if (has(key)) {
                throw new JobFileException(file, line(key), qualified(key), "needs a value");
            }
            return defaultValue;
        }
        final String range = max == Long.MAX_VALUE ? "at least " + min : "in " + min + ".." + max;
        final long value;
        try {
            value = DecimalLong.parse(text);
        } catch (NumberFormatException e) {
            if (DecimalLong.isDigits(text)) {
                // digits only, yet no long: never wrap or truncate, say it is out of range
                throw new JobFileException(file, line(key), qualified(key), "must be " + range + why + ", got " + text
                        + " (beyond 64 bits)");
            }
            throw new JobFileException(file, line(key), qualified(key), QuotedText.of(text) + " is not an integer");
        }
        if (value < min || value > max) {
            throw new JobFileException(file, line(key), qualified(key), "must be " + range + why + ", got " + value);
        }
        return value;
    }

    /**
     * A duration: plain milliseconds, or a number with a unit ({@link DurationText}).
     *
     * @param min the fewest milliseconds allowed
     */
    long millis(final String key, final long defaultValue, final long min) {
        final String text = string(key);
        if (text == null || text.isEmpty()) {
            if (has(key)) {
                throw new JobFileException(file, line(key), qualified(key), "needs a value");
            }
            return defaultValue;
        }
        final long value;
        try {
            value = DurationText.millis(text);
        } catch (final ArithmeticException e) {
            throw new JobFileException(file, line(key), qualified(key), (min == Long.MIN_VALUE ? "must fit in 64 bits" : "must be at least " + min) + ", got " + text
                    + " (beyond 64 bits" + (DecimalLong.isDigits(text) ? "" : " of milliseconds") + ")");
        } catch (final NumberFormatException e) {
            throw new JobFileException(file, line(key), qualified(key), QuotedText.of(text) + " is not a duration ("
                    + DurationText.FORMS + ")");
        }
        if (value < min) {
            throw new JobFileException(file, line(key), qualified(key), "must be at least " + min + " ms, got "
                    + (DecimalLong.isDigits(text) ? String.valueOf(value) : text));
        }
        return value;
    }

    long requiredMillis(final String key, final long min, final String because) {
        if (!has(key)) {
            throw new JobFileException(file, line, qualified(key), "is required " + because);
        }
        return millis(key, 0, min);
    }

    long requiredLong(final String key, final long min, final String because) {
        if (!has(key)) {
            throw new JobFileException(file, line, qualified(key), "is required " + because);
        }
        return longValue(key, 0, min);
    }

    boolean bool(final String key, final boolean defaultValue) {
        final String text = string(key);
        if (text == null) {
            return defaultValue;
        }
        switch (text) {
            case "true":
                return true;
            case "false":
                return false;
            default:
                throw new JobFileException(file, line(key), qualified(key), QuotedText.of(text) + " is not true or false");
        }
    }

    List<String> keys() {
        return new ArrayList<>(values.keySet());
    }
}
