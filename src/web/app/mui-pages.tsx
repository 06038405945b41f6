import { Outlet } from 'react-router';
import { MuiTheme } from '../components/mui-theme';

/** The pages drawn with MUI (forms, member area, editor, back office), under its theme. */
export function MuiPages() {
  return (
    <MuiTheme>
      <Outlet />
    </MuiTheme>
  );
}
