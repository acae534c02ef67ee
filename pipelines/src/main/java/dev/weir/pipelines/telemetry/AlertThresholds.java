package dev.weir.pipelines.telemetry;

import dev.weir.codec.input.CsvFields;
import dev.weir.codec.input.CsvQuoteException;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The p99 thresholds of {@code statsd-alerts}, read from a small CSV file (docs/replay.md, "statsd-alerts"): UTF-8, a
 * header line {@code host,metric,p99_threshold}, then one line per series: the host's address as the decoder gives it
 * ({@code 127.0.0.1}), the metric name, and the threshold, a finite number of at least 0 in plain or exponent notation
 * ({@code 250}, {@code 2.5}, {@code 1e3}). Fields follow the CSV rule of record files (spaces around a field dropped,
 * double quotes for a field with commas); blank lines and lines starting with {@code #} are skipped; a series may be
 * given once. A series without a line has no threshold. Immutable and thread-safe; serializable, so that a pipeline
 * holding it can be shipped.
 */
public final class AlertThresholds implements Serializable {
    /** The header line the file starts with. */
    public static final String HEADER = "host,metric,p99_threshold";

    private static final long serialVersionUID = 1L;
    private static final String[] FIELDS = {"host", "metric", "p99_threshold"};

    private final HashMap<String, HashMap<String, Double>> byHost;
    private final ArrayList<ThresholdLine> lines;

    private AlertThresholds(final HashMap<String, HashMap<String, Double>> byHost, final ArrayList<ThresholdLine> lines) {
        this.byHost = byHost;
        this.lines = lines;
    }

    /**
     * @param file the CSV file
     * @return its thresholds
     * @throws ThresholdFileException naming the file, line and field of the first fault
     */
    public static AlertThresholds read(final Path file) {
        final String name = file.toString();
        final byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (final NoSuchFileException e) {
            throw new ThresholdFileException(name, 0, null, "no such threshold file");
        } catch (final IOException e) {
            throw new ThresholdFileException(name, 0, null, "cannot be read: " + e.getMessage());
        }
        final String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (final CharacterCodingException e) {
            throw new ThresholdFileException(name, 0, null, "is not UTF-8");
        }
        return parse(name, text.lines().toList());
    }

    /**
     * @param file the file's name, for messages
     * @param lines the file's lines, without terminators
     * @return their thresholds
     * @throws ThresholdFileException naming the file, line and field of the first fault
     */
    public static AlertThresholds parse(final String file, final List<String> lines) {
        final HashMap<String, HashMap<String, Double>> byHost = new HashMap<>();
        final ArrayList<ThresholdLine> table = new ArrayList<>();
        boolean header = false;
        for (int i = 0; i < lines.size(); i++) {
            final int line = i + 1;
            final String text = lines.get(i);
            if (CsvFields.isSkipped(text)) {
                continue;
            }
            final List<String> fields;
            try {
                fields = CsvFields.split(text, FIELDS.length);
            } catch (final CsvQuoteException e) {
                throw new ThresholdFileException(file, line, e.field() < FIELDS.length ? FIELDS[e.field()] : null, e.getMessage());
            }
            if (!header) {
                if (!String.join(",", fields).equals(HEADER)) {
                    throw new ThresholdFileException(file, line, null, "the header must be '" + HEADER + "', got '" + text + "'");
                }
                header = true;
                continue;
            }
            if (fields.size() != FIELDS.length) {
                throw new ThresholdFileException(file, line, null, "has " + fields.size() + " fields; a line is " + HEADER);
            }
            final String host = required(file, line, 0, fields.get(0));
            final String metric = required(file, line, 1, fields.get(1));
            final double threshold = threshold(file, line, fields.get(2));
            if (byHost.computeIfAbsent(host, h -> new HashMap<>()).putIfAbsent(metric, threshold) != null) {
                throw new ThresholdFileException(file, line, "metric", "host " + host + " and metric '" + metric
                        + "' have a threshold on an earlier line already");
            }
            table.add(new ThresholdLine(host, metric, threshold));
        }
        if (!header) {
            throw new ThresholdFileException(file, 0, null, "is empty; it starts with the header '" + HEADER + "'");
        }
        return new AlertThresholds(byHost, table);
    }

    /**
     * @param host the host's address
     * @param metric the metric name
     * @return the series' threshold, or NaN when it has none
     */
    public double of(final String host, final String metric) {
        final Map<String, Double> metrics = byHost.get(host);
        final Double threshold = metrics == null ? null : metrics.get(metric);
        return threshold == null ? Double.NaN : threshold;
    }

    /** @return each series' threshold in the order of the file's lines */
    public List<ThresholdLine> lines() {
        return Collections.unmodifiableList(lines);
    }

    /** @return how many series have a threshold */
    public int size() {
        int size = 0;
        for (final Map<String, Double> metrics : byHost.values()) {
            size += metrics.size();
        }
        return size;
    }

    private static String required(final String file, final int line, final int field, final String value) {
        if (value.isEmpty()) {
            throw new ThresholdFileException(file, line, FIELDS[field], "is empty");
        }
        return value;
    }

    private static double threshold(final String file, final int line, final String value) {
        final double threshold;
        try {
            threshold = Double.parseDouble(required(file, line, 2, value));
        } catch (final NumberFormatException e) {
            throw new ThresholdFileException(file, line, "p99_threshold", "'" + value + "' is not a number");
        }
        if (Double.isNaN(threshold) || Double.isInfinite(threshold) || threshold < 0 || value.endsWith("d") || value.endsWith("f")
                || value.endsWith("D") || value.endsWith("F") || value.startsWith("0x") || value.startsWith("0X")) {
            throw new ThresholdFileException(file, line, "p99_threshold", "'" + value + "' is not a finite number of at least 0");
        }
        return threshold;
    }
}
