package analysis

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// WriteText writes the report for a reader: the figures side by side, one
// player a column, then the blunders and errors.
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%s: GNU Backgammon's analysis at %d-ply\n\n", r.File, r.Plies)
	for _, l := range r.Warnings {
		fmt.Fprintf(w, "gnubg skipped: %s\n", l)
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintln(w)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	line := func(label string, f func(p Player) any) {
		fmt.Fprintf(tw, "%s", label)
		for _, p := range r.Players {
			fmt.Fprintf(tw, "\t%v", f(p))
		}
		fmt.Fprintln(tw)
	}
	line("", func(p Player) any { return p.Name })
	line("checker decisions (unforced moves)", func(p Player) any { return p.CheckerDecisions })
	line("checker error rate mEMG", func(p Player) any { return rate(p.CheckerErrorRate) })
	line("checker play rating", func(p Player) any { return p.CheckerRating })
	line("cube decisions (close or actual)", func(p Player) any { return p.CubeDecisions })
	line("cube error rate mEMG", func(p Player) any { return rate(p.CubeErrorRate) })
	line("cube rating", func(p Player) any { return p.CubeRating })
	line("overall error rate mEMG", func(p Player) any { return rate(p.OverallErrorRate) })
	line("overall rating", func(p Player) any { return p.OverallRating })
	line("rating estimate (FIBS)", func(p Player) any {
		if p.Rating == nil {
			return "n/a"
		}
		return fmt.Sprintf("%.1f", *p.Rating)
	})
	line("luck rate mEMG", func(p Player) any { return fmt.Sprintf("%+.1f", p.LuckRate) })
	line("luck total EMG", func(p Player) any { return fmt.Sprintf("%+.3f", p.Luck) })
	line("luck rating", func(p Player) any { return p.LuckRating })
	line("blunders / errors (checker)", func(p Player) any { return fmt.Sprintf("%d / %d", p.Blunders, p.Errors) })
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.Mistakes) == 0 {
		_, err := fmt.Fprintln(w, "\nNo blunders or errors.")
		return err
	}
	fmt.Fprintln(w, "\nBlunders (??) and errors (?):")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, m := range r.Mistakes {
		mark := "?"
		if m.Blunder() {
			mark = "??"
		}
		fmt.Fprintf(tw, "game %d move %d\t%s\t%s %s\t%s%s\tbest: %s\n", m.Game, m.Move, m.Player, m.Kind, m.Dice, m.Played, mark, m.Best)
	}
	return tw.Flush()
}

func rate(x float64) string { return fmt.Sprintf("%.1f", x) }
