package tui

// The tools and issues panes are both scrolling lists with a cursor, and
// the views over the panes scroll; these are the parts they share.

import (
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
)

// wheelStep is how many rows one notch of the mouse wheel scrolls.
const wheelStep = 3

// wheelDirection is -1 for a notch of the wheel up, 1 for one down, 0 for
// anything else.
func wheelDirection(msg tea.MouseWheelMsg) int {
	switch msg.Button {
	case tea.MouseWheelUp:
		return -1
	case tea.MouseWheelDown:
		return 1
	}
	return 0
}

// listMove is where a key of the key table moves a list's cursor or
// scrolls a view: a row, a page, to either end.
type listMove int

const (
	lineUp listMove = iota
	lineDown
	pageUp
	pageDown
	toTop
	toBottom
)

// step is how far mv moves in a list of length rows, page of them shown.
func (mv listMove) step(page, length int) int {
	switch mv {
	case lineUp:
		return -1
	case lineDown:
		return 1
	case pageUp:
		return -page
	case pageDown:
		return page
	case toTop:
		return -length
	}
	return length
}

// scrollBy scrolls vp n lines, up when n is negative.
func scrollBy(vp *viewport.Model, n int) {
	switch {
	case n < 0:
		vp.ScrollUp(-n)
	case n > 0:
		vp.ScrollDown(n)
	}
}

// scrollTo returns the offset of the first row a list of length rows
// shows in height rows so that the cursor is on screen, moving the
// current offset as little as it can.
func scrollTo(cursor, offset, height, length int) int {
	if cursor < offset {
		offset = cursor
	}
	if height > 0 && cursor >= offset+height {
		offset = cursor - height + 1
	}
	return max(min(offset, length-height), 0)
}
