package dev.weir.flink;

import dev.weir.pipelines.job.JobSpec;
import dev.weir.source.LineReader;
import dev.weir.tools.scenario.ElementFileException;
import dev.weir.tools.scenario.ElementFileReader;
import dev.weir.tools.scenario.ElementRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a scenario's element file for the Flink source, with the rules and messages of
 * {@code weir scenario} (the same {@link ElementFileReader}), and refuses the rows this layer does
 * not translate: {@code I}/{@code A} rows (channel status), records whose windows Flink's
 * arithmetic would wrap ({@link FlinkWindowRange}), and a file whose channel never ends. Stateless.
 */
public final class ScenarioElementFile {
    private ScenarioElementFile() {
    }

    /**
     * @param job the job (one channel; see {@link FlinkScenario#check})
     * @param file the element file
     * @return the rows in file order, the {@code E} row last
     * @throws ElementFileException on a bad row, as {@code weir scenario} reports it
     * @throws ScenarioRefusedException on a row this layer does not translate
     */
    public static List<ScenarioElement> read(final JobSpec job, final Path file) {
        final String name = file.toString();
        if (Files.isDirectory(file)) {
            throw new ElementFileException(name, 0, null, "is a directory, not an element file");
        }
        try (LineReader lines = LineReader.utf8(Files.newInputStream(file), LineReader.DEFAULT_MAX_LINE_BYTES)) {
            return read(job, name, new ElementFileReader(name, lines, job.channels()));
        } catch (NoSuchFileException e) {
            throw new ElementFileException(name, 0, null, "no such element file");
        } catch (IOException e) {
            throw new ElementFileException(name, 0, null, "cannot read the element file: " + e.getMessage());
        }
    }

    private static List<ScenarioElement> read(final JobSpec job, final String name, final ElementFileReader reader) {
        final List<ScenarioElement> elements = new ArrayList<>();
        int endLine = 0;
        for (ElementRow row = reader.next(); row != null; row = reader.next()) {
            if (endLine > 0) {
                throw new ElementFileException(name, row.line(), "channel", "channel " + row.channel() + " ended on line " + endLine
                        + "; no row may follow its E row");
            }
            switch (row.kind()) {
                case R:
                    checkRecord(job, name, row);
                    elements.add(ScenarioElement.record(row.key(), row.timestamp(), row.value()));
                    break;
                case W:
                    elements.add(ScenarioElement.watermark(row.timestamp()));
                    break;
                case E:
                    elements.add(ScenarioElement.end());
                    endLine = row.line();
                    break;
                default:
                    throw new ScenarioRefusedException(name, row.line(), "kind", row.kind() + " rows (channel status) are not translated to"
                            + " Flink in this layer: a source's idleness on Flink follows wall-clock time");
            }
        }
        if (endLine == 0) {
            throw new ScenarioRefusedException(name, 0, null, "channel 0 has no E row: on Weir a channel that never ends holds its"
                    + " windows back for good, while a Flink source that runs out ends event time (MAX); add an E row to run it on Flink");
        }
        return elements;
    }

    private static void checkRecord(final JobSpec job, final String name, final ElementRow row) {
        try {
            job.checkRecordTimestamp(row.timestamp());
        } catch (IllegalArgumentException e) {
            throw new ElementFileException(name, row.line(), "ts", e.getMessage());
        }
        final String wrapped = FlinkWindowRange.wrapped(job.window(), row.timestamp());
        if (wrapped != null) {
            throw new ScenarioRefusedException(name, row.line(), "ts", wrapped);
        }
    }
}
