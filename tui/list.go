package tui

// The tools and issues panes are both scrolling lists with a cursor; these
// are the parts they share.

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// wheelStep is how many rows one notch of the mouse wheel scrolls.
const wheelStep = 3

// listStep is how far a list's cursor moves for msg: the arrows and j/k
// a row, page keys a page, home and end the whole list. ok is false for
// any other message.
func (k keyMap) listStep(msg tea.Msg, page, length int) (step int, ok bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Up):
			return -1, true
		case key.Matches(msg, k.Down):
			return 1, true
		case key.Matches(msg, k.PageUp):
			return -page, true
		case key.Matches(msg, k.PageDown):
			return page, true
		case key.Matches(msg, k.Top):
			return -length, true
		case key.Matches(msg, k.Bottom):
			return length, true
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			return -wheelStep, true
		case tea.MouseWheelDown:
			return wheelStep, true
		}
	}
	return 0, false
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
