package dev.weir.flink.scenario;

import dev.weir.codec.input.BadInputException;
import dev.weir.flink.window.FlinkWindowRange;
import dev.weir.jobs.file.JobSpec;
import dev.weir.source.LineReader;
import dev.weir.engines.elements.ElementFileException;
import dev.weir.engines.elements.ElementFileReader;
import dev.weir.engines.elements.ElementRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A scenario's element file read for the Flink source, with the rules and messages of
 * {@code weir scenario} (the same {@link ElementFileReader}); records whose windows Flink's
 * arithmetic would wrap (see {@link FlinkWindowRange}) are refused. Reading stops at the first bad or refused row and keeps
 * the rows before it, which run as a channel that has not ended, as {@code weir scenario} prints
 * the lines of the rows before a bad one. Immutable.
 */
public final class ScenarioElementFile {
    private final List<ScenarioElement> elements;
    private final BadInputException stop;

    private ScenarioElementFile(final List<ScenarioElement> elements, final BadInputException stop) {
        this.elements = Collections.unmodifiableList(elements);
        this.stop = stop;
    }

    /**
     * @param job the job (checked by {@link FlinkScenario#check})
     * @param file the element file
     * @return the rows up to the first bad or refused one, and that one's error
     */
    public static ScenarioElementFile read(final JobSpec job, final Path file) {
        return read(job, file, LineReader.DEFAULT_MAX_LINE_BYTES);
    }

    /**
     * @param job the job (checked by {@link FlinkScenario#check})
     * @param file the element file
     * @param maxLineBytes the longest line the file may have
     * @return the rows up to the first bad or refused one, and that one's error
     */
    public static ScenarioElementFile read(final JobSpec job, final Path file, final int maxLineBytes) {
        final String name = file.toString();
        final List<ScenarioElement> elements = new ArrayList<>();
        if (Files.isDirectory(file)) {
            return new ScenarioElementFile(elements, new ElementFileException(name, 0, null, "is a directory, not an element file"));
        }
        try (LineReader lines = LineReader.utf8(Files.newInputStream(file), maxLineBytes)) {
            final ElementFileReader reader = job.isTwoInput()
                    ? ElementFileReader.twoInputs(name, lines, job.left().channels(), job.right().channels())
                    : new ElementFileReader(name, lines, job.channels());
            read(job, name, reader, elements);
            return new ScenarioElementFile(elements, null);
        } catch (BadInputException e) {
            return new ScenarioElementFile(elements, e);
        } catch (NoSuchFileException e) {
            return new ScenarioElementFile(elements, new ElementFileException(name, 0, null, "no such element file"));
        } catch (IOException e) {
            return new ScenarioElementFile(elements, new ElementFileException(name, 0, null, "cannot read the element file: " + e.getMessage()));
        }
    }

    /** @return the rows in file order, up to the first bad or refused one */
    public List<ScenarioElement> elements() {
        return elements;
    }

    /** @return the error of the row at which reading stopped, or null if the whole file was read */
    public BadInputException stop() {
        return stop;
    }

    private static void read(final JobSpec job, final String name, final ElementFileReader reader, final List<ScenarioElement> elements) {
        final boolean two = job.isTwoInput();
        final int leftChannels = two ? job.left().channels() : job.channels();
        final int[] endLines = new int[two ? leftChannels + job.right().channels() : leftChannels];
        for (ElementRow row = reader.next(); row != null; row = reader.next()) {
            final int channel = row.channel();
            final int input = two ? row.input().number() - 1 : 0;
            final int slot = input == 0 ? channel : leftChannels + channel;
            if (endLines[slot] > 0) {
                throw new ElementFileException(name, row.line(), "channel", "channel " + channel + " ended on line " + endLines[slot]
                        + "; no row may follow its E row");
            }
            final int before = elements.size();
            final long at = row.atMillis();
            switch (row.kind()) {
                case R:
                    checkRecord(job, name, row);
                    elements.add(ScenarioElement.record(at, channel, row.key(), row.timestamp(), row.value()));
                    break;
                case W:
                    elements.add(ScenarioElement.watermark(at, channel, row.timestamp()));
                    break;
                case I:
                    elements.add(ScenarioElement.status(at, channel, ScenarioElement.Kind.IDLE));
                    break;
                case A:
                    elements.add(ScenarioElement.status(at, channel, ScenarioElement.Kind.ACTIVE));
                    break;
                case E:
                default:
                    elements.add(ScenarioElement.status(at, channel, ScenarioElement.Kind.END));
                    endLines[slot] = row.line();
                    break;
            }
            if (input != 0) {
                elements.set(before, elements.get(before).onInput(input));
            }
        }
    }

    private static void checkRecord(final JobSpec job, final String name, final ElementRow row) {
        try {
            job.checkRecordTimestamp(row.timestamp());
        } catch (IllegalArgumentException e) {
            throw new ElementFileException(name, row.line(), "ts", e.getMessage());
        }
        if (job.effectiveWindow() == null) {
            return;
        }
        final String wrapped = FlinkWindowRange.wrapped(job.effectiveWindow(), row.timestamp());
        if (wrapped != null) {
            throw new ScenarioRefusedException(name, row.line(), "ts", wrapped);
        }
    }
}
