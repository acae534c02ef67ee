package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.tools.cli.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output formats of {@code weir run}: the compact default ({@code lines}), {@code csv}, {@code jsonl} and the
 * full {@code fire} lines of {@code weir scenario}, over the shipped example, line for line; the checkpoint marks
 * in each format; a sum beyond 64 bits and a key that needs quoting; and the example's output as docs/run.md
 * shows it.
 */
class RunFormatTest {
    private static final Path ROOT = Path.of(System.getProperty("weir.repo.root", "..")).toAbsolutePath().normalize();
    private static final String JOB = ROOT.resolve("examples/run/job.yaml").toString();
    private static final String TRADES = ROOT.resolve("examples/run/trades.csv").toString();
    private static final List<String> LINES = List.of(
            "FIRE key=AAPL window=[0,5000) count=2 sum=381",
            "FIRE key=MSFT window=[0,5000) count=1 sum=410",
            "FIRE key=MSFT window=[0,5000) count=2 sum=819",
            "FIRE key=AAPL window=[0,5000) count=3 sum=571",
            "LATE key=AAPL ts=2000 value=189",
            "FIRE key=AAPL window=[5000,10000) count=2 sum=385",
            "FIRE key=MSFT window=[5000,10000) count=1 sum=412",
            "FIRE key=AAPL window=[10000,15000) count=1 sum=195",
            "# lateDropped=0");

    @TempDir
    Path dir;

    private static List<String> run(final String... options) {
        final List<String> args = new ArrayList<>(List.of("run", "--state", "heap", JOB, TRADES));
        args.addAll(List.of(options));
        final CommandRun run = CommandRun.of(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run::describe);
        return run.outLines();
    }

    @Test
    void theDefaultIsOneCompactLinePerResult() {
        assertEquals(LINES, run());
        assertEquals(LINES, run("--format", "lines"));
    }

    @Test
    void csvHasAHeaderAndOneRowPerResult() {
        assertEquals(List.of(
                "result,key,window_start,window_end,count,sum,ts,value",
                "FIRE,AAPL,0,5000,2,381,,",
                "FIRE,MSFT,0,5000,1,410,,",
                "FIRE,MSFT,0,5000,2,819,,",
                "FIRE,AAPL,0,5000,3,571,,",
                "LATE,AAPL,,,,,2000,189",
                "FIRE,AAPL,5000,10000,2,385,,",
                "FIRE,MSFT,5000,10000,1,412,,",
                "FIRE,AAPL,10000,15000,1,195,,",
                "# lateDropped=0"), run("--format", "csv"));
    }

    @Test
    void jsonlIsOneObjectPerLineTheClosingCountToo() {
        assertEquals(List.of(
                "{\"result\":\"FIRE\",\"key\":\"AAPL\",\"window_start\":0,\"window_end\":5000,\"count\":2,\"sum\":381}",
                "{\"result\":\"FIRE\",\"key\":\"MSFT\",\"window_start\":0,\"window_end\":5000,\"count\":1,\"sum\":410}",
                "{\"result\":\"FIRE\",\"key\":\"MSFT\",\"window_start\":0,\"window_end\":5000,\"count\":2,\"sum\":819}",
                "{\"result\":\"FIRE\",\"key\":\"AAPL\",\"window_start\":0,\"window_end\":5000,\"count\":3,\"sum\":571}",
                "{\"result\":\"LATE\",\"key\":\"AAPL\",\"ts\":2000,\"value\":189}",
                "{\"result\":\"FIRE\",\"key\":\"AAPL\",\"window_start\":5000,\"window_end\":10000,\"count\":2,\"sum\":385}",
                "{\"result\":\"FIRE\",\"key\":\"MSFT\",\"window_start\":5000,\"window_end\":10000,\"count\":1,\"sum\":412}",
                "{\"result\":\"FIRE\",\"key\":\"AAPL\",\"window_start\":10000,\"window_end\":15000,\"count\":1,\"sum\":195}",
                "{\"lateDropped\":0}"), run("--format", "jsonl"));
    }

    @Test
    void fireIsWhatWeirScenarioPrintsForTheSameRecords() throws IOException {
        assertEquals(Files.readAllLines(ROOT.resolve("examples/run/expected.txt")), run("--format", "fire"));
    }

    @Test
    void docsRunShowsTheExamplesRealOutput() throws IOException {
        final List<String> doc = Files.readAllLines(ROOT.resolve("docs/run.md"));
        final int command = doc.indexOf("./weir run examples/run/job.yaml examples/run/trades.csv");
        assertTrue(command > 0, "docs/run.md shows the example's command");
        final int start = doc.subList(command, doc.size()).indexOf("```") + command + 3;
        assertEquals("```", doc.get(start - 1));
        assertEquals(LINES, doc.subList(start, start + LINES.size()));
        assertEquals("```", doc.get(start + LINES.size()));
    }

    @Test
    void marksAreCommentLinesOrJsonObjectsAndStayBetweenTheResults() throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"),
                "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 100ms\n");
        final StringBuilder records = new StringBuilder();
        for (int i = 0; i < 2_000; i++) {
            records.append("k,").append(i).append(",1\n");
        }
        final Path input = Files.writeString(dir.resolve("r.csv"), records, StandardCharsets.UTF_8);
        for (final String format : List.of("csv", "jsonl", "lines")) {
            final CommandRun run = CommandRun.of("run", "--state", "heap", "--format", format, job.toString(), input.toString(),
                    "--checkpoint-dir", dir.resolve("ckpt-" + format).toString(), "--checkpoint-interval", "50ms", "--max-rate", "4000");
            assertEquals(0, run.exitCode(), run::describe);
            final List<String> marks = run.outLines().stream()
                    .filter(line -> line.startsWith("# checkpoint ") || line.startsWith("{\"checkpoint\":")).toList();
            assertTrue(marks.size() >= 2, format + ": marks " + marks);
            for (int i = 0; i < marks.size(); i++) {
                assertEquals(format.equals("jsonl") ? "{\"checkpoint\":" + (i + 1) + "}" : "# checkpoint " + (i + 1), marks.get(i));
            }
            final long results = run.outLines().stream().filter(line -> line.startsWith("FIRE") || line.startsWith("{\"result\"")).count();
            assertEquals(20, results, format);
        }
    }

    @Test
    void aSumBeyond64BitsAndAKeyWithACommaKeepTheirValue() throws IOException {
        final Path job = Files.writeString(dir.resolve("job.yaml"),
                "watermarks:\n  strategy: monotonous\n  interval: 0\nwindow:\n  type: tumbling\n  size: 10\n");
        final Path input = Files.writeString(dir.resolve("r.csv"),
                "\"a,b\",1,9223372036854775807\n\"a,b\",2,9223372036854775807\n", StandardCharsets.UTF_8);
        final CommandRun csv = CommandRun.of("run", "--state", "heap", "--format", "csv", job.toString(), input.toString());
        assertEquals(List.of("result,key,window_start,window_end,count,sum,ts,value", "FIRE,\"a,b\",0,10,2,18446744073709551614,,",
                "# lateDropped=0"), csv.outLines(), csv::describe);
        final CommandRun jsonl = CommandRun.of("run", "--state", "heap", "--format", "jsonl", job.toString(), input.toString());
        assertEquals(List.of("{\"result\":\"FIRE\",\"key\":\"a,b\",\"window_start\":0,\"window_end\":10,\"count\":2,"
                + "\"sum\":\"18446744073709551614\"}", "{\"lateDropped\":0}"), jsonl.outLines(), jsonl::describe);
    }

    @Test
    void aCsvRunRefusedBeforeItStartsPrintsNoHeader() throws IOException {
        final Path checkpoints = Files.createDirectories(dir.resolve("ckpt").resolve("chk-1"));
        final CommandRun run = CommandRun.of("run", "--state", "heap", "--format", "csv", JOB, TRADES, "--checkpoint-dir",
                checkpoints.getParent().toString());
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertEquals("", run.out(), run::describe);
    }

    @Test
    void anUnknownFormatIsAUsageError() {
        final CommandRun run = CommandRun.of("run", "--format", "xml", JOB, TRADES);
        assertEquals(ExitCodes.BAD_INPUT, run.exitCode(), run::describe);
        assertTrue(run.err().startsWith("weir: --format: unknown output format 'xml' (lines, csv, jsonl or fire)"), run::describe);
    }
}
