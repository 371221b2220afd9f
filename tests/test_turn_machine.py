"""The turn machine: the one owner of a table's phase, its age, the turn time and the turn clock."""

from rummi_desktop.scenes.turn_machine import ClockEvent, Phase, TurnMachine


def run(machine, seconds, step=0.25):
    events = []
    for _ in range(round(seconds / step)):
        machine.elapse(step)
        event = machine.run_clock(step)
        if event is not None:
            events.append((event, machine.clock_left))
    return events


def test_a_person_turn_ticks_each_of_the_last_ten_seconds_then_times_out():
    machine = TurnMachine()
    machine.turn_begins()
    machine.person_turn(30)
    assert machine.phase == Phase.PERSON and machine.clock_left == 30
    events = run(machine, 30)
    ticks = [left for event, left in events if event == ClockEvent.TICK]
    assert len(ticks) == 10 and 9 < ticks[0] <= 10 and 0 < ticks[-1] <= 1
    assert events[-1] == (ClockEvent.TIMEOUT, 0.0)
    assert machine.turn_time == 30


def test_no_clock_no_events_but_the_turn_time_still_counts():
    machine = TurnMachine()
    machine.person_turn(None)
    assert run(machine, 100) == []
    assert machine.turn_time == 100 and machine.clock_left == 0


def test_only_a_persons_turn_runs_the_turn_time_and_clock():
    machine = TurnMachine()
    machine.turn_begins()
    machine.computer_turn()
    assert run(machine, 5) == []
    assert machine.turn_time == 0 and machine.phase_time == 5


def test_the_phase_age_counts_from_the_turn_and_again_from_the_move_shown():
    machine = TurnMachine()
    machine.turn_begins()
    machine.hand_over()
    run(machine, 2)
    machine.person_turn(60)  # the privacy screen's wait is part of the turn's age
    assert machine.phase_time == 2
    machine.move_made()
    assert machine.phase == Phase.SHOWING and machine.phase_time == 0
    run(machine, 1)
    machine.skip()
    assert machine.phase_time >= 10
    machine.move_shown()
    assert machine.phase == Phase.HANDOFF
    machine.count_again()
    assert machine.phase_time == 0
    machine.round_over()
    assert machine.phase == Phase.ROUND_END


def test_free_play_has_no_clock():
    machine = TurnMachine()
    machine.person_turn(30)
    machine.free_play()
    assert run(machine, 60) == [] and machine.phase == Phase.PERSON
