package dev.weir.jobs.file;

import dev.weir.time.WatermarkKind;
import dev.weir.codec.input.QuotedText;
import dev.weir.source.BadLineException;
import dev.weir.source.LineReader;
import dev.weir.window.SlidingEventTimeWindows;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.reader.ReaderException;

/**
 * Reads a job file (YAML, see docs/scenarios.md) into a {@link JobSpec}. Every problem is one
 * {@link JobFileException} naming the file, line and field; unknown keys list the valid ones.
 */
public final class JobFileParser {
    private static final List<String> ROOT_KEYS = List.of("channels", "watermarks", "window", "parallelism", "inputs", "join");
    private static final List<String> INPUTS_KEYS = List.of("left", "right");
    private static final List<String> INPUT_KEYS = List.of("channels", "watermarks");
    private static final List<String> JOIN_KEYS = List.of(
            "type", "lowerBound", "upperBound", "lowerBoundExclusive", "upperBoundExclusive", "sideOutputLateData", "window");
    private static final List<String> INTERVAL_ONLY_KEYS = List.of(
            "lowerBound", "upperBound", "lowerBoundExclusive", "upperBoundExclusive", "sideOutputLateData");
    private static final String JOIN_TYPES = "interval, window";
    private static final List<String> WATERMARK_KEYS = List.of("strategy", "maxOutOfOrderness", "interval", "idleness");
    private static final List<String> WINDOW_KEYS = List.of(
            "type", "size", "slide", "offset", "gap", "trigger", "allowedLateness", "sideOutputLateData");
    private static final String STRATEGIES = "bounded-out-of-orderness, monotonous, explicit, none";
    private static final String WINDOW_TYPES = "tumbling, sliding, session, global";
    /** Window instances: at most one per key group. */
    private static final int MAX_PARALLELISM = 128;
    /** Source instances: each is a task (a thread under {@code weir run}) with its own ring and generator. */
    private static final int MAX_CHANNELS = 1024;

    private JobFileParser() {
    }

    /**
     * @param file the job file
     * @return the job
     * @throws JobFileException if the file cannot be read or is not a valid job
     */
    public static JobSpec parse(final Path file) {
        return parse(file, LineReader.DEFAULT_MAX_LINE_BYTES);
    }

    /**
     * For a command that runs one-input jobs only.
     *
     * @param file the job file
     * @param maxLineBytes the longest line accepted, in bytes; positive
     * @param command what refuses a two-input job, e.g. {@code "weir run"}
     * @return the job, with one input
     * @throws JobFileException if the file cannot be read, is not a valid job or has two inputs
     */
    public static JobSpec parseOneInput(final Path file, final int maxLineBytes, final String command) {
        final JobSpec job = parse(file, maxLineBytes);
        if (job.isTwoInput()) {
            throw new JobFileException(file.toString(), job.inputsLine(), "inputs", command + " runs one-input jobs only"
                    + " (top-level 'channels' and 'watermarks'); run a two-input job with weir scenario");
        }
        return job;
    }

    /**
     * @param file the job file
     * @param maxLineBytes the longest line accepted, in bytes; positive
     * @return the job
     * @throws JobFileException if the file cannot be read or is not a valid job
     */
    public static JobSpec parse(final Path file, final int maxLineBytes) {
        final String text = text(file, maxLineBytes);
        return parse(file.toString(), new StringReader(text), text);
    }

    /**
     * Reads the file line by line before YAML sees it, so a byte that is not UTF-8 or an overlong
     * line is named by its line; a UTF-8 byte order mark is dropped.
     */
    private static String text(final Path file, final int maxLineBytes) {
        if (Files.isDirectory(file)) {
            throw new JobFileException(file.toString(), 0, null, "is a directory, not a job file");
        }
        final StringBuilder text = new StringBuilder();
        final StringBuilder line = new StringBuilder();
        try (LineReader lines = LineReader.utf8(Files.newInputStream(file), maxLineBytes)) {
            while (lines.next(line)) {
                text.append(line).append('\n');
            }
        } catch (BadLineException e) {
            throw new JobFileException(file.toString(), (int) e.line(), null, e.getMessage());
        } catch (NoSuchFileException e) {
            throw new JobFileException(file.toString(), 0, null, "no such job file");
        } catch (IOException e) {
            throw new JobFileException(file.toString(), 0, null, "cannot read the job file: " + e.getMessage());
        }
        return text.toString();
    }

    /**
     * @param fileName the name used in error messages
     * @param reader the job file's text
     * @return the job
     * @throws JobFileException if the text is not a valid job
     */
    public static JobSpec parse(final String fileName, final Reader reader) {
        return parse(fileName, reader, null);
    }

    /** @param text the reader's whole text, to find the line of a character YAML refuses; null if not at hand */
    private static JobSpec parse(final String fileName, final Reader reader, final String text) {
        final Node root;
        try {
            final LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            root = new Yaml(options).compose(reader);
        } catch (ReaderException e) {
            // YAML's reader names neither line nor character: a control character (ESC, NUL, ...)
            throw new JobFileException(fileName, text == null ? 0 : lineOf(text, e.getCodePoint()), null,
                    String.format("character U+%04X is not allowed in YAML (a control character)", e.getCodePoint()));
        } catch (MarkedYAMLException e) {
            final int line = e.getProblemMark() != null ? e.getProblemMark().getLine() + 1 : 0;
            throw new JobFileException(fileName, line, null, "not valid YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw new JobFileException(fileName, 0, null, "not valid YAML: " + e.getMessage());
        }
        if (root == null) {
            throw new JobFileException(fileName, 0, null, "the job file is empty; it needs at least a 'watermarks' section");
        }
        final YamlSection job = YamlSection.root(fileName, root);
        job.onlyKeys(ROOT_KEYS);
        final int parallelism = (int) job.longValue("parallelism", 1, 1, MAX_PARALLELISM, " (the number of key groups)");
        if (job.has("inputs")) {
            return twoInputs(job, fileName, parallelism);
        }
        if (job.has("join")) {
            throw new JobFileException(fileName, job.line("join"), "join",
                    "needs two inputs: an 'inputs' section with 'left' and 'right' in place of 'channels' and 'watermarks'");
        }
        final int channels = (int) job.longValue("channels", 1, 1, MAX_CHANNELS, "");
        final YamlSection watermarks = job.section("watermarks");
        if (watermarks == null) {
            throw new JobFileException(fileName, job.line(), "watermarks", "is required (strategy: " + STRATEGIES + ")");
        }
        final YamlSection window = job.section("window");
        return new JobSpec(channels, watermarks(watermarks, fileName), window == null ? null : window(window, fileName), parallelism);
    }

    /** A job with an {@code inputs} section: two inputs, each with its channels and watermarks, and an optional join. */
    private static JobSpec twoInputs(final YamlSection job, final String fileName, final int parallelism) {
        for (final String key : List.of("channels", "watermarks")) {
            if (job.has(key)) {
                throw new JobFileException(fileName, job.line(key), key, "cannot be used with 'inputs' (line " + job.line("inputs")
                        + "): each input has its own, as inputs.left." + key + " and inputs.right." + key);
            }
        }
        if (job.has("window")) {
            throw new JobFileException(fileName, job.line("window"), "window", "cannot be used with 'inputs' (line " + job.line("inputs")
                    + "): a window over both inputs is a window join, 'join' with 'type: window' and the window under 'join.window'");
        }
        final YamlSection inputs = job.section("inputs");
        inputs.onlyKeys(INPUTS_KEYS);
        final InputSpec left = input(inputs, "left", fileName);
        final InputSpec right = input(inputs, "right", fileName);
        final YamlSection join = job.section("join");
        return JobSpec.twoInputs(left, right, join == null ? null : join(join, fileName), parallelism, job.line("inputs"));
    }

    private static InputSpec input(final YamlSection inputs, final String name, final String fileName) {
        final YamlSection input = inputs.section(name);
        if (input == null) {
            throw new JobFileException(fileName, inputs.line(), inputs.qualified(name),
                    "is required (a two-input job has inputs 'left' and 'right', each with 'channels' and 'watermarks')");
        }
        input.onlyKeys(INPUT_KEYS);
        final int channels = (int) input.longValue("channels", 1, 1, MAX_CHANNELS, "");
        final YamlSection watermarks = input.section("watermarks");
        if (watermarks == null) {
            throw new JobFileException(fileName, input.line(), input.qualified("watermarks"), "is required (strategy: " + STRATEGIES + ")");
        }
        return new InputSpec(channels, watermarks(watermarks, fileName));
    }

    private static JoinSpec join(final YamlSection section, final String fileName) {
        section.onlyKeys(JOIN_KEYS);
        final String type = section.requiredString("type", " (one of: " + JOIN_TYPES + ")");
        final JoinKind kind = JoinKind.byId(type);
        if (kind == null) {
            throw new JobFileException(fileName, section.line("type"), section.qualified("type"),
                    "unknown join type " + QuotedText.of(type) + " (valid: " + JOIN_TYPES + ")");
        }
        if (kind == JoinKind.WINDOW) {
            section.notApplicable(INTERVAL_ONLY_KEYS, "to window joins (only to interval joins)");
            final YamlSection window = section.section("window");
            if (window == null) {
                throw new JobFileException(fileName, section.line(), section.qualified("window"),
                        "is required for window joins (the window both inputs' records go into, as a one-input job's 'window')");
            }
            if (window.has("sideOutputLateData")) {
                throw new JobFileException(fileName, window.line("sideOutputLateData"), window.qualified("sideOutputLateData"),
                        "does not apply to window joins: a window join has no late side output (as Flink's join API);"
                                + " late records are dropped and counted in lateDropped");
            }
            return JoinSpec.window(window(window, fileName));
        }
        section.notApplicable(List.of("window"), "to interval joins (only to window joins)");
        final long lower = section.requiredMillis("lowerBound", Long.MIN_VALUE, "for interval joins");
        final long upper = section.requiredMillis("upperBound", Long.MIN_VALUE, "for interval joins");
        if (lower > upper) {
            throw new JobFileException(fileName, section.line("lowerBound"), section.qualified("lowerBound"), JoinSpec.boundsRule(lower, upper)
                    + " (upperBound on line " + section.line("upperBound") + ")");
        }
        return JoinSpec.interval(lower, upper, section.bool("lowerBoundExclusive", false), section.bool("upperBoundExclusive", false),
                section.bool("sideOutputLateData", false));
    }

    /**
     * YAML's reader stops at the first character it refuses, so the first occurrence of that
     * character is the one it stopped at.
     */
    private static int lineOf(final String text, final int codePoint) {
        final int index = text.indexOf(codePoint);
        if (index < 0) {
            return 0;
        }
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static WatermarkSpec watermarks(final YamlSection section, final String fileName) {
        section.onlyKeys(WATERMARK_KEYS);
        final String strategy = section.requiredString("strategy", " (one of: " + STRATEGIES + ")");
        final WatermarkKind kind = WatermarkStrategyNames.kindOf(strategy);
        if (kind == null) {
            throw new JobFileException(fileName, section.line("strategy"), section.qualified("strategy"),
                    "unknown strategy " + QuotedText.of(strategy) + " (valid: " + STRATEGIES + ")");
        }
        final long maxOutOfOrderness;
        if (kind == WatermarkKind.BOUNDED_OUT_OF_ORDERNESS) {
            maxOutOfOrderness = section.requiredMillis("maxOutOfOrderness", 0, "for strategy bounded-out-of-orderness");
        } else {
            section.notApplicable(List.of("maxOutOfOrderness"), "to strategy " + strategy + " (only to bounded-out-of-orderness)");
            maxOutOfOrderness = 0;
        }
        final long interval = section.millis("interval", 200, 0);
        final long idleness = section.millis("idleness", 0, 1);
        return new WatermarkSpec(kind, maxOutOfOrderness, interval, idleness);
    }

    private static WindowSpec window(final YamlSection section, final String fileName) {
        section.onlyKeys(WINDOW_KEYS);
        final String type = section.requiredString("type", " (one of: " + WINDOW_TYPES + ")");
        final WindowKind kind = WindowKind.byId(type);
        if (kind == null) {
            throw new JobFileException(fileName, section.line("type"), section.qualified("type"),
                    "unknown window type " + QuotedText.of(type) + " (valid: " + WINDOW_TYPES + ")");
        }
        long size = 0;
        long slide = 0;
        long offset = 0;
        long gap = 0;
        final String because = "for " + type + " windows";
        switch (kind) {
            case TUMBLING:
                section.notApplicable(List.of("slide", "gap"), "to tumbling windows");
                size = section.requiredMillis("size", 1, because);
                offset = section.millis("offset", 0, Long.MIN_VALUE);
                checkOffset(section, fileName, offset, size, "size");
                break;
            case SLIDING:
                section.notApplicable(List.of("gap"), "to sliding windows");
                size = section.requiredMillis("size", 1, because);
                slide = section.requiredMillis("slide", 1, because);
                if (SlidingEventTimeWindows.windowsPerRecord(size, slide) > SlidingEventTimeWindows.MAX_WINDOWS_PER_RECORD) {
                    throw new JobFileException(fileName, section.line("slide"), section.qualified("slide"),
                            slide + " puts each record in " + SlidingEventTimeWindows.windowsPerRecord(size, slide) + " windows of size "
                                    + size + "; at most " + SlidingEventTimeWindows.MAX_WINDOWS_PER_RECORD
                                    + " are allowed (use a slide of at least " + SlidingEventTimeWindows.minimumSlide(size) + ")");
                }
                offset = section.millis("offset", 0, Long.MIN_VALUE);
                checkOffset(section, fileName, offset, slide, "slide");
                break;
            case SESSION:
                section.notApplicable(List.of("size", "slide", "offset"), "to session windows");
                gap = section.requiredMillis("gap", 1, because);
                break;
            case GLOBAL:
            default:
                section.notApplicable(List.of("size", "slide", "offset", "gap"), "to the global window");
                break;
        }
        TriggerSpec trigger = null;
        final String triggerText = section.string("trigger");
        if (triggerText != null) {
            try {
                trigger = TriggerSpec.parse(triggerText);
            } catch (IllegalArgumentException e) {
                throw new JobFileException(fileName, section.line("trigger"), section.qualified("trigger"), e.getMessage());
            }
            if (trigger == null) {
                throw new JobFileException(fileName, section.line("trigger"), section.qualified("trigger"),
                        "unknown trigger " + QuotedText.of(triggerText) + " (valid: " + TriggerSpec.VALID + ")");
            }
            if (kind == WindowKind.GLOBAL && trigger.needsTimeWindows()) {
                throw new JobFileException(fileName, section.line("trigger"), section.qualified("trigger"),
                        "trigger '" + triggerText + "' needs time windows, but the global window never ends"
                                + " (use count:N, purging-count:N or continuous-event-time:MS)");
            }
            if (kind == WindowKind.SLIDING && trigger.kind() == TriggerSpec.Kind.CONTINUOUS_EVENT_TIME) {
                checkContinuousFirings(section, fileName, triggerText, size, slide, trigger.parameter());
            }
        }
        final long lateness = section.millis("allowedLateness", 0, 0);
        final boolean sideOutput = section.bool("sideOutputLateData", false);
        return new WindowSpec(kind, size, slide, offset, gap, trigger, lateness, sideOutput);
    }

    /**
     * A continuous trigger fires each of a record's sliding windows once per interval of the
     * window's size, so one watermark can fire (windows per record) x (size / interval) results;
     * the same bound as for windows per record keeps that work per record finite.
     */
    private static void checkContinuousFirings(final YamlSection section, final String fileName, final String triggerText,
            final long size, final long slide, final long intervalMillis) {
        final long windows = SlidingEventTimeWindows.windowsPerRecord(size, slide);
        final long firingsPerWindow = size / intervalMillis + (size % intervalMillis == 0 ? 0 : 1);
        final long high = Math.multiplyHigh(windows, firingsPerWindow);
        final long firings = windows * firingsPerWindow;
        if (high != 0 || firings < 0 || firings > SlidingEventTimeWindows.MAX_WINDOWS_PER_RECORD) {
            throw new JobFileException(fileName, section.line("trigger"), section.qualified("trigger"),
                    "'" + triggerText + "' fires each of a record's " + windows + " sliding windows up to " + firingsPerWindow
                            + " times, " + (high != 0 || firings < 0 ? "more than " + Long.MAX_VALUE : String.valueOf(firings))
                            + " firings for one record; at most " + SlidingEventTimeWindows.MAX_WINDOWS_PER_RECORD
                            + " are allowed (use a longer interval or a larger slide)");
        }
    }

    private static void checkOffset(final YamlSection section, final String fileName, final long offset, final long bound, final String boundName) {
        // Not Math.abs(offset) >= bound: Math.abs(Long.MIN_VALUE) is negative and would pass.
        if (offset <= -bound || offset >= bound) {
            throw new JobFileException(fileName, section.line("offset"), section.qualified("offset"),
                    "must satisfy |offset| < " + boundName + " (" + bound + "), got " + offset);
        }
    }
}
