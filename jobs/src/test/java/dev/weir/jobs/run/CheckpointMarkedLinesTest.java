package dev.weir.jobs.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The mark of a checkpoint goes out once it is durable, exactly between the lines before every
 * instance's barrier and the lines after: lines an instance produces after its barrier wait for
 * the mark, lines of instances still before their barrier go out at once.
 */
class CheckpointMarkedLinesTest {
    private final List<String> printed = new ArrayList<>();
    private final CheckpointMarkedLines output = new CheckpointMarkedLines(printed::add);

    @Test
    void linesAfterAnInstancesBarrierWaitForTheMarkOfThatCheckpoint() {
        final CheckpointMarkedLines.Instance a = output.instance(0);
        final CheckpointMarkedLines.Instance b = output.instance(1);
        final CheckpointMarkedLines.Instance c = output.instance(2);
        a.line("a1");
        a.barrier(1);
        a.line("a2");
        b.line("b1");
        c.line("c1");
        b.barrier(1);
        b.line("b2");
        c.line("c2");
        c.barrier(1);
        c.line("c3");
        a.line("a3");
        assertEquals(List.of("a1", "b1", "c1", "c2"), printed, "before the checkpoint completes");
        output.completed(1);
        assertEquals(List.of("a1", "b1", "c1", "c2", RecordFileJob.CHECKPOINT_MARK + 1, "a2", "a3", "b2", "c3"), printed);
        a.line("a4");
        assertEquals("a4", printed.get(printed.size() - 1), "nothing is held between checkpoints");
    }

    @Test
    void everyCheckpointIsMarkedOnceAfterTheLinesItCovers() {
        final CheckpointMarkedLines.Instance a = output.instance(0);
        final CheckpointMarkedLines.Instance b = output.instance(1);
        for (int checkpoint = 1; checkpoint <= 3; checkpoint++) {
            a.line("a before " + checkpoint);
            a.barrier(checkpoint);
            a.line("a after " + checkpoint);
            b.line("b before " + checkpoint);
            b.barrier(checkpoint);
            output.completed(checkpoint);
            output.completed(checkpoint);
        }
        assertEquals(List.of("a before 1", "b before 1", "# checkpoint 1", "a after 1",
                "a before 2", "b before 2", "# checkpoint 2", "a after 2",
                "a before 3", "b before 3", "# checkpoint 3", "a after 3"), printed);
    }

    @Test
    void anAbandonedCheckpointReleasesTheHeldLinesWithoutAMark() {
        final CheckpointMarkedLines.Instance a = output.instance(0);
        final CheckpointMarkedLines.Instance b = output.instance(1);
        a.barrier(4);
        a.line("a after 4");
        output.abandoned(4);
        b.barrier(4); // a barrier still in flight when its checkpoint was abandoned holds nothing
        b.line("b after 4");
        output.completed(4);
        assertEquals(List.of("a after 4", "b after 4"), printed);
    }

    @Test
    void whenEveryInstanceHasEndedNothingIsHeldAndNoLateMarkFollows() {
        final CheckpointMarkedLines.Instance a = output.instance(0);
        final CheckpointMarkedLines.Instance b = output.instance(1);
        a.barrier(2);
        a.line("a after 2");
        a.end();
        assertEquals(List.of(), printed, "b has not ended");
        b.end();
        output.completed(2);
        assertEquals(List.of("a after 2"), printed);
    }

    @Test
    void eachBarrierMakesTheLinesOutSoFarDurableAndEachMarkIsDurableBeforeTheManifest() {
        final List<String> events = new ArrayList<>();
        final CheckpointMarkedLines durable = new CheckpointMarkedLines(new RunOutput() {
            @Override
            public void line(final String line) {
                events.add(line);
            }

            @Override
            public void flush() {
                events.add("(flush)");
            }

            @Override
            public void preCommit() {
                events.add("(durable)");
            }
        });
        final CheckpointMarkedLines.Instance a = durable.instance(0);
        final CheckpointMarkedLines.Instance b = durable.instance(1);
        a.line("a1");
        a.barrier(1);
        a.line("a2");
        b.line("b1");
        b.barrier(1);
        durable.committing(1);
        // the lines checkpoint 1 covers are durable before the last instance acknowledges it, and its
        // mark before its manifest is written: a checkpoint that can be restored always has its mark
        assertEquals(List.of("a1", "(durable)", "b1", "(durable)", "# checkpoint 1", "(flush)", "(durable)", "a2", "(flush)"), events);
        durable.completed(1);
        assertEquals(9, events.size(), "completing a checkpoint whose mark is out prints nothing more: " + events);
    }
}
